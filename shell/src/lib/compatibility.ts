/**
 * Whether the shell can give a remote what it requires: the caret ranges remotes declare
 * (`^1.1.0`: same major, at least that minor and patch; `^0.y.z`: same minor) against the versions
 * the shell provides. A range of another form is left to the federation runtime, which checks it too.
 */
const VERSION = /^(\d+)\.(\d+)\.(\d+)/;

function parts(version: string): [number, number, number] | null {
  const match = VERSION.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

export function satisfiesCaret(version: string, range: string): boolean | null {
  if (!range.startsWith('^')) return null;
  const have = parts(version);
  const need = parts(range.slice(1));
  if (!have || !need) return null;
  const [major, minor, patch] = have;
  const [needMajor, needMinor, needPatch] = need;
  const atLeast = minor > needMinor || (minor === needMinor && patch >= needPatch);
  if (needMajor > 0) return major === needMajor && atLeast;
  return major === 0 && minor === needMinor && patch >= needPatch;
}

/** What the shell cannot give, in pt-BR ('@corretora/web-kit ^2.0.0 (o shell tem 1.1.0)'), or nothing. */
export function unmetRequirements(requires: Record<string, string>, provided: Record<string, string>): string[] {
  const unmet: string[] = [];
  for (const [module, range] of Object.entries(requires)) {
    const version = provided[module];
    if (version === undefined) unmet.push(`${module} ${range} (o shell não oferece)`);
    else if (satisfiesCaret(version, range) === false) unmet.push(`${module} ${range} (o shell tem ${version})`);
  }
  return unmet;
}
