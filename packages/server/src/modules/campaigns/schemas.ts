// Route schemas of groups and campaigns (issue 21): the contract's shapes, per route.
import { Type } from 'typebox';
import {
  campaignBody,
  campaignDeviceList,
  campaignDeviceState,
  campaignList,
  campaignProgress,
  deviceGroupList,
  errorResponses,
  groupBody,
  groupFilter,
  groupPreview,
  idParams,
  noContent,
  oneCampaign,
  oneGroup,
  pagingProperties,
} from '../../contract';

export const listGroupsSchema = { response: { 200: deviceGroupList, ...errorResponses } };
export const createGroupSchema = { body: groupBody, response: { 201: oneGroup, ...errorResponses } };
export const getGroupSchema = { params: idParams, response: { 200: oneGroup, ...errorResponses } };
export const updateGroupSchema = {
  params: idParams,
  body: groupBody,
  response: { 200: oneGroup, ...errorResponses },
};
export const deleteGroupSchema = { params: idParams, response: { 204: noContent, ...errorResponses } };
export const previewGroupSchema = {
  body: Type.Object({ filter: groupFilter }, { additionalProperties: false }),
  response: { 200: groupPreview, ...errorResponses },
};

export const listCampaignsSchema = { response: { 200: campaignList, ...errorResponses } };
export const createCampaignSchema = {
  body: campaignBody,
  response: { 201: oneCampaign, ...errorResponses },
};
export const getCampaignSchema = { params: idParams, response: { 200: oneCampaign, ...errorResponses } };
export const campaignActionSchema = getCampaignSchema;
export const campaignDevicesSchema = {
  params: idParams,
  querystring: Type.Object(
    { state: Type.Optional(campaignDeviceState), ...pagingProperties(100) },
    { additionalProperties: false },
  ),
  response: { 200: campaignDeviceList, ...errorResponses },
};
export const campaignProgressSchema = {
  params: idParams,
  response: { 200: campaignProgress, ...errorResponses },
};
