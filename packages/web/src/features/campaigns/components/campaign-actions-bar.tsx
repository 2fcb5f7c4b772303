import { useState } from 'react';
import type { Campaign } from '@provisor/server/contract';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { serverDetail } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCampaignAction, type CampaignAction } from '../api/campaign-actions';
import { campaignActions } from '../lib/progress';
import { useGuard } from '@/hooks/use-role';

const DONE: Record<CampaignAction, string> = {
  pause: 'Campaign paused',
  resume: 'Campaign resumed',
  cancel: 'Campaign cancelled',
  'retry-failed': 'Failed routers queued again',
};

/** Pause, resume, cancel (after a confirmation) and retry the failed routers. */
export function CampaignActionsBar({ campaign }: { campaign: Campaign }) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const action = useCampaignAction();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const allowed = campaignActions(campaign);
  const run = (name: CampaignAction, after?: () => void) =>
    action.mutate(
      { id: campaign.id, action: name },
      {
        onSuccess: () => {
          toast.success(DONE[name]);
          after?.();
        },
        onError: (error) => {
          if (name !== 'cancel')
            toast.error(
              `Could not ${name.replace('-', ' ')}: ${serverDetail(error) ?? 'no answer from the server'}`,
            );
        },
      },
    );
  const busy = action.isPending;
  return (
    <div className="flex flex-wrap gap-2">
      {allowed.pause ? (
        <button
          type="button"
          className={buttonClass('secondary')}
          title={guard.title}
          disabled={guard.disabled || busy}
          onClick={() => run('pause')}
        >
          Pause
        </button>
      ) : null}
      {allowed.resume ? (
        <button
          type="button"
          className={buttonClass('primary')}
          title={guard.title}
          disabled={guard.disabled || busy}
          onClick={() => run('resume')}
        >
          Resume
        </button>
      ) : null}
      {allowed.retryFailed ? (
        <button
          type="button"
          className={buttonClass('secondary')}
          title={guard.title}
          disabled={guard.disabled || busy}
          onClick={() => run('retry-failed')}
        >
          Retry Failed
        </button>
      ) : null}
      {allowed.cancel ? (
        <button
          type="button"
          className={buttonClass('danger')}
          title={guard.title}
          disabled={guard.disabled || busy}
          onClick={() => {
            action.reset();
            setConfirmCancel(true);
          }}
        >
          Cancel Campaign
        </button>
      ) : null}
      {confirmCancel ? (
        <ConfirmDialog
          title="Cancel Campaign"
          message={`Are you sure you want to cancel "${campaign.name}"? No further router is upgraded; routers already upgraded keep the new firmware.`}
          confirmLabel="Cancel Campaign"
          cancelLabel="Keep Running"
          pending={busy}
          error={
            action.isError
              ? `Could not cancel: ${serverDetail(action.error) ?? 'no answer from the server'}.`
              : undefined
          }
          onCancel={() => setConfirmCancel(false)}
          onConfirm={() => run('cancel', () => setConfirmCancel(false))}
        />
      ) : null}
    </div>
  );
}
