import { useState } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { FormField, inputClass } from '@/components/ui/form-field';
import type { Job } from '@provisor/server/contract';
import { useCompleteJob, useFailJob, useRetryJob } from '../api/job-actions';
import { serverDetail } from '@/lib/api-error';
import { useGuard } from '@/hooks/use-role';

type Action = 'retry' | 'complete' | 'fail';

/** Which actions the server accepts for a job in this status (jobs/service.ts retry, complete, fail). */
export function jobActionsFor(job: Pick<Job, 'status'>): Action[] {
  const actions: Action[] = [];
  if (job.status === 'failed' || job.status === 'cancelled' || job.status === 'pending')
    actions.push('retry');
  if (job.status !== 'completed') actions.push('complete');
  if (job.status !== 'completed' && job.status !== 'failed') actions.push('fail');
  return actions;
}

const LABEL: Record<Action, string> = { retry: 'Retry', complete: 'Mark Complete', fail: 'Mark Failed' };

/** spec §4 "Provisioning job actions": retry, mark complete, mark failed (with error text), each confirmed. */
export function JobActions({ job, device }: { job: Job; device: string }) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const [open, setOpen] = useState<Action | null>(null);
  const actions = jobActionsFor(job);
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {actions.map((action) => (
        <button
          {...guard}
          key={action}
          type="button"
          className={buttonClass(action === 'fail' ? 'ghost' : 'secondary', 'sm')}
          aria-label={`${LABEL[action]}: ${job.type} on ${device}`}
          onClick={() => setOpen(action)}
        >
          {LABEL[action]}
        </button>
      ))}
      {open === 'retry' ? <RetryDialog job={job} device={device} onClose={() => setOpen(null)} /> : null}
      {open === 'complete' ? (
        <CompleteDialog job={job} device={device} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'fail' ? <FailDialog job={job} device={device} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

interface DialogProps {
  job: Job;
  device: string;
  onClose: () => void;
}

function RetryDialog({ job, device, onClose }: DialogProps) {
  const retry = useRetryJob();
  return (
    <ConfirmDialog
      title="Retry Job"
      message={`Run the ${job.type} job on ${device} again from the start? The device is woken to run it now.`}
      confirmLabel="Retry"
      confirmVariant="primary"
      pending={retry.isPending}
      error={retry.isError ? (serverDetail(retry.error) ?? 'Failed to retry job') : undefined}
      onCancel={onClose}
      onConfirm={() =>
        retry.mutate(job.id, {
          onSuccess: () => {
            toast.success('Job queued for retry', { description: `${job.type} on ${device}` });
            onClose();
          },
        })
      }
    />
  );
}

function CompleteDialog({ job, device, onClose }: DialogProps) {
  const complete = useCompleteJob();
  return (
    <ConfirmDialog
      title="Mark Job Complete"
      message={`Mark the ${job.type} job on ${device} as completed? The device is not asked to do anything more for it.`}
      confirmLabel="Mark Complete"
      confirmVariant="primary"
      pending={complete.isPending}
      error={complete.isError ? (serverDetail(complete.error) ?? 'Failed to mark job complete') : undefined}
      onCancel={onClose}
      onConfirm={() =>
        complete.mutate(job.id, {
          onSuccess: () => {
            toast.success('Job marked complete', { description: `${job.type} on ${device}` });
            onClose();
          },
        })
      }
    />
  );
}

function FailDialog({ job, device, onClose }: DialogProps) {
  const fail = useFailJob();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    const error = text.trim();
    if (error === '') {
      setMissing(true);
      return;
    }
    fail.mutate(
      { id: job.id, error },
      {
        onSuccess: () => {
          toast.success('Job marked failed', { description: `${job.type} on ${device}` });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title="Mark Job Failed" size="sm" onClose={onClose}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="text-sm text-slate-700">
          Mark the {job.type} job on {device} as failed? The device will not run it.
        </p>
        <FormField label="Error message" error={missing ? 'Enter why the job failed.' : undefined}>
          {(field) => (
            <textarea
              {...field}
              rows={3}
              maxLength={2000}
              className={inputClass}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setMissing(false);
              }}
            />
          )}
        </FormField>
        {fail.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {serverDetail(fail.error) ?? 'Failed to mark job failed'}
          </p>
        ) : null}
        <DialogFooter>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={onClose}
            disabled={fail.isPending}
          >
            Cancel
          </button>
          <button type="submit" className={buttonClass('danger')} disabled={fail.isPending}>
            Mark Failed
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
