// restore-config: Download "3 Vendor Configuration File" of a configuration file of the store.
import { Type } from 'typebox';
import { describeJob } from '../descriptor';
import { downloadOfStoredFile } from './transfer';

export default describeJob({
  type: 'restore-config',
  params: Type.Object({ fileId: Type.String() }, { additionalProperties: false }),
  ...downloadOfStoredFile({ fileType: () => '3 Vendor Configuration File' }),
});
