/** Only what the broker changed goes into a PATCH (the switch sends just {isActive}). */
export function changedFields<T extends object>(next: T, previous: { [K in keyof T]?: unknown }): Partial<T> {
  const changes: Partial<T> = {};
  for (const key in next) {
    if (!Object.hasOwn(next, key)) continue;
    if (JSON.stringify(next[key] ?? null) !== JSON.stringify(previous[key] ?? null)) changes[key] = next[key];
  }
  return changes;
}

/** Applies an update to the cached list and keeps it sorted by name, as the server returns it. */
export function replaceSorted<T extends { id: number; name: string }>(items: readonly T[], updated: T): T[] {
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
  return items.map((item) => (item.id === updated.id ? updated : item)).sort((a, b) => collator.compare(a.name, b.name));
}
