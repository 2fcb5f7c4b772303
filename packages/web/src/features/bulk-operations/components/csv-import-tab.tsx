/** spec §2 Bulk Operations, CSV Import (built next). */
export function CsvImportTab() {
  return <p className="text-sm text-slate-600">CSV import is being built.</p>;
}
