// @ts-check

/** @typedef {import('../src/generated').Snapshot} Snapshot */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */

// ---------------------------------------------------------------------------------------------
// Patches (docs/protocol.md; crates/ordo-server/src/delta.rs is the reference)
// ---------------------------------------------------------------------------------------------

/** @param {unknown} v @returns {v is Record<string, unknown>} */
export const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Applies a JSON merge patch (RFC 7386) with the array extension `{"@a": {"<index>": patch}}`;
 * returns the new value (objects and arrays are changed in place).
 * @param {unknown} target
 * @param {unknown} patch
 * @returns {unknown}
 */
export function mergeApply(target, patch) {
  if (!isObj(patch)) return patch;
  const keys = Object.keys(patch);
  const changed = patch['@a'];
  if (Array.isArray(target) && keys.length === 1 && isObj(changed)) {
    for (const [k, sub] of Object.entries(changed)) {
      const i = Number(k);
      if (Number.isInteger(i) && i >= 0 && i < target.length) {
        target[i] = sub === null ? null : mergeApply(target[i], sub);
      }
    }
    return target;
  }
  const out = isObj(target) ? target : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergeApply(out[k] ?? null, v);
  }
  return out;
}
