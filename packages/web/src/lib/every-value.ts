// The console lists some of the server's value sets in its own order (filters, selects). Values can
// only come from the server as types (the console imports the contract's types, never its code), so
// each list is written here and checked against the contract's union at compile time: a value missing
// from the list is a type error that names it, a value the server does not have is one too.

type Missing<T, L extends readonly unknown[]> = Exclude<T, L[number]>;

/** `everyValue<DeviceStatus>()(['online', ...])`: the list as given, if it holds every value of T. */
export function everyValue<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Missing<T, L>] extends [never] ? unknown : { missingValues: Missing<T, L> }),
  ): L => list;
}
