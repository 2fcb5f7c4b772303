// restore-config: Download "3 Vendor Configuration File" of a configuration file of the store.
import { describeJob } from '../descriptor';
import { downloadOfStoredFile, type TransferParams } from './transfer';

export interface RestoreConfigParams extends TransferParams {
  fileId: string;
}

export default describeJob<RestoreConfigParams>()({
  type: 'restore-config',
  ...downloadOfStoredFile<RestoreConfigParams>({ fileType: () => '3 Vendor Configuration File' }),
});
