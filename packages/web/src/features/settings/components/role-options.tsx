import { ROLE_LABEL, ROLE_NAMES } from '@/lib/roles';

/** The roles as the options of a select (a new user's, a user's row, a new token's). */
export function RoleOptions() {
  return (
    <>
      {ROLE_NAMES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABEL[role]}
        </option>
      ))}
    </>
  );
}
