// The auth routes' schemas (spec §7 Auth), made of the contract's shapes (contract/auth.ts).
import {
  errorResponses,
  loginAnswer,
  loginBody,
  noContent,
  refreshAnswer,
  verifyAnswer,
} from '../../contract';

export const loginSchema = { body: loginBody, response: { 200: loginAnswer, ...errorResponses } };

export const refreshSchema = { response: { 200: refreshAnswer, ...errorResponses } };

export const verifySchema = { response: { 200: verifyAnswer, ...errorResponses } };

export const logoutSchema = { response: { 204: noContent, ...errorResponses } };
