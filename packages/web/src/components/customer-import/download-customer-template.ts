import { CUSTOMER_CSV_TEMPLATE } from '@provisor/common';
import { saveTextFile } from '@/lib/save-file';

/** spec §2 "Download Template": the customer list's columns with two example rows. */
export const downloadCustomerTemplate = () =>
  saveTextFile(CUSTOMER_CSV_TEMPLATE, 'customer-import-template.csv');
