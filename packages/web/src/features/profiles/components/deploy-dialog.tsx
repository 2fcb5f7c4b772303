import { useState } from 'react';
import { toast } from '@/lib/toast';
import { DevicePicker } from '@/components/device-picker/device-picker';
import { NO_DEVICES, selectionIsEmpty, type Selection } from '@/components/device-picker/selection';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { serverDetail } from '@/lib/api-error';
import type { DeviceFilter, Profile } from '@provisor/server/contract';
import { useDeployProfile } from '../api/deploy-profile';

const devicesWord = (n: number) => `${n} device${n === 1 ? '' : 's'}`;

/**
 * Deploy (issue 19 point 8): the operator chooses the devices (the Provisioning screen's picker, with
 * its search, status filter and "all N matching"), answers the spec's question "Deploy profile
 * "{name}" to selected devices?", and the profile is assigned and pushed to each as one bulk
 * operation, whose jobs the Provisioning screen shows.
 */
export function DeployDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const [filter, setFilter] = useState<DeviceFilter>({});
  const [selection, setSelection] = useState<Selection>(NO_DEVICES);
  const [confirming, setConfirming] = useState(false);
  const deploy = useDeployProfile();

  const confirm = () =>
    deploy.mutate(
      { profileId: profile.id, selection },
      {
        onSuccess: (answer) => {
          const missing = answer.failed > 0 ? ` ${devicesWord(answer.failed)} could not be given it.` : '';
          toast.success('Profile deployed', {
            description: `"${profile.name}" is being pushed to ${devicesWord(answer.created)}; their jobs are on the Provisioning page.${missing}`,
          });
          onClose();
        },
      },
    );

  if (confirming) {
    return (
      <ConfirmDialog
        title="Deploy Profile"
        message={`Deploy profile "${profile.name}" to selected devices?`}
        confirmLabel="Deploy"
        confirmVariant="primary"
        pending={deploy.isPending}
        error={deploy.isError ? (serverDetail(deploy.error) ?? 'Deployment failed') : undefined}
        onConfirm={confirm}
        onCancel={() => {
          deploy.reset();
          setConfirming(false);
        }}
      />
    );
  }
  return (
    <Dialog
      title="Choose Devices"
      description={`The devices to deploy profile "${profile.name}" to.`}
      size="lg"
      onClose={onClose}
    >
      <DevicePicker
        filter={filter}
        onFilter={(update) => {
          setFilter(update);
          setSelection(NO_DEVICES);
        }}
        selection={selection}
        onSelection={setSelection}
      />
      <DialogFooter>
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={selectionIsEmpty(selection)}
          onClick={() => setConfirming(true)}
        >
          Deploy
        </button>
      </DialogFooter>
    </Dialog>
  );
}
