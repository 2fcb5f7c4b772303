// The Profiles screen's template filter (spec §2 Profiles: "All Templates", else vendor and model).

interface TemplateLike {
  id: string;
  name: string;
  vendor: string;
  model: string;
}

/**
 * Each template's entry: its vendor and model, as the spec has it; where two templates share both,
 * their names too ("Huawei EG8145V5 (Residential)"), so that no two entries read the same.
 */
export function templateFilterLabels(templates: readonly TemplateLike[]): Map<string, string> {
  const key = (t: TemplateLike) => `${t.vendor} ${t.model}`;
  const counts = new Map<string, number>();
  for (const t of templates) counts.set(key(t).toLowerCase(), (counts.get(key(t).toLowerCase()) ?? 0) + 1);
  return new Map(
    templates.map((t) => [
      t.id,
      (counts.get(key(t).toLowerCase()) ?? 0) > 1 ? `${key(t)} (${t.name})` : key(t),
    ]),
  );
}
