// "Register New Device" (spec §2 Devices, §5 Register device, §8 Registration failure).
import { CircleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { FormField, inputClass } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { OUI_PATTERN } from '@provisor/common';
import { useRegisterDevice, type RegisterDeviceInput } from '../api/register-device';
import { serverDetail } from '../lib/action-error';

type Field = keyof RegisterDeviceInput;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = {
  serialNumber: '',
  oui: '',
  productClass: '',
  connectionRequestUrl: '',
  connectionRequestUsername: '',
  connectionRequestPassword: '',
};

/** spec §9: OUI at most 6 characters. */
export const OUI_MAX_LENGTH = 6;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * spec §5: four required fields, oui at most 6 characters (and, as the server takes it, 6 hex
 * digits), a valid connection request URL.
 */
export function validateRegistration(values: Values): Errors {
  const errors: Errors = {};
  if (!values.serialNumber.trim()) errors.serialNumber = 'Serial number is required';
  if (!values.oui.trim()) errors.oui = 'OUI is required';
  else if (values.oui.trim().length > OUI_MAX_LENGTH) errors.oui = 'OUI must be at most 6 characters';
  // The server takes an OUI as routers send it (TR-069 A.3.3.1): exactly six hex digits.
  else if (!new RegExp(OUI_PATTERN).test(values.oui.trim()))
    errors.oui = 'OUI must be 6 hex digits (0-9, A-F), e.g. 00259E';
  if (!values.productClass.trim()) errors.productClass = 'Product class is required';
  if (!values.connectionRequestUrl.trim()) errors.connectionRequestUrl = 'Connection request URL is required';
  else if (!isHttpUrl(values.connectionRequestUrl.trim()))
    errors.connectionRequestUrl = 'Connection request URL must be a valid URL';
  return errors;
}

const FIELDS: { name: Field; label: string; type?: string; placeholder?: string; hint?: string }[] = [
  { name: 'serialNumber', label: 'Serial Number', placeholder: 'e.g. 48575443A1B2C3D4' },
  { name: 'oui', label: 'OUI', placeholder: 'e.g. 00259E', hint: 'The manufacturer OUI: 6 hex digits.' },
  { name: 'productClass', label: 'Product Class', placeholder: 'e.g. EG8145V5' },
  {
    name: 'connectionRequestUrl',
    label: 'Connection Request URL',
    type: 'url',
    placeholder: 'http://192.0.2.10:7547/',
  },
  { name: 'connectionRequestUsername', label: 'Connection Request Username', hint: 'Optional.' },
  {
    name: 'connectionRequestPassword',
    label: 'Connection Request Password',
    type: 'password',
    hint: 'Optional.',
  },
];

export function RegisterDeviceDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const register = useRegisterDevice();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: RegisterDeviceInput = {
      serialNumber: values.serialNumber.trim(),
      oui: values.oui.trim(),
      productClass: values.productClass.trim(),
      connectionRequestUrl: values.connectionRequestUrl.trim(),
      ...(values.connectionRequestUsername
        ? { connectionRequestUsername: values.connectionRequestUsername }
        : {}),
      ...(values.connectionRequestPassword
        ? { connectionRequestPassword: values.connectionRequestPassword }
        : {}),
    };
    register.mutate(input, {
      onSuccess: (device) => {
        toast.success('Device registered', {
          description: `${device.serialNumber} was added to the inventory.`,
        });
        onClose();
      },
    });
  };

  const failure = register.error;
  const detail = isApiError(failure)
    ? failure.kind === 'HTTP'
      ? serverDetail(failure)
      : failure.message
    : undefined;
  // spec §8's note was written for a server without registration; it is true only when this one
  // answers that it has none (404, 501). Any other failure shows the server's reason alone.
  const noRegistration = isApiError(failure) && (failure.status === 404 || failure.status === 501);

  return (
    <Dialog title="Register New Device" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? (
          <div
            role="alert"
            className="flex gap-3 rounded-md bg-red-50 p-3 text-sm ring-1 ring-inset ring-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-red-600" />
            <div className="space-y-1">
              <p className="font-medium text-red-800">Failed to register device</p>
              {noRegistration ? (
                <p className="text-red-700">Device registration is not yet implemented on the backend</p>
              ) : null}
              {detail ? (
                <p className="text-red-700" data-testid="register-server-message">
                  {detail}
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <div key={field.name} className={field.name === 'connectionRequestUrl' ? 'sm:col-span-2' : ''}>
              <FormField label={field.label} error={errors[field.name]} hint={field.hint}>
                {(props) => (
                  <input
                    {...props}
                    name={field.name}
                    type={field.type ?? 'text'}
                    placeholder={field.placeholder}
                    autoComplete="off"
                    className={inputClass}
                    value={values[field.name]}
                    onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                  />
                )}
              </FormField>
            </div>
          ))}
        </div>
        <DialogFooter>
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={register.isPending}>
            {register.isPending ? 'Registering...' : 'Register Device'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
