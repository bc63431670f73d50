// @ts-check
// What an Agenda or Event card does, in words, from its data alone (used at the table and by the
// rules page's card lists, where no table is loaded).

/** @typedef {(key: string, params?: Record<string, string | number>) => string} T */
/** @typedef {(key: string) => boolean} Has */

/** @param {number} n */
export function signed(n) {
  return n > 0 ? `+${n}` : `${n}`;
}

/** A short description of an Agenda's effect. @param {any} a the Agenda's data @param {T} t @param {Has} has */
export function agendaEffectOf(a, t, has) {
  if (!a) return '';
  const e = a.effect ?? {};
  const res = (/** @type {string} */ r) => (has(`res.${r}`) ? t(`res.${r}`) : r);
  switch (e.kind) {
    case 'each_baron': return t('eff.each_baron', { n: signed(e.amount), res: res(e.resource) });
    case 'baron': return t('eff.baron', { n: signed(e.amount), res: res(e.resource) });
    case 'take_chairman': return t('eff.take_chairman');
    case 'take_head_of_church': return t('eff.take_head');
    case 'law': return has(`law.${e.law}`) ? t(`law.${e.law}`) : String(e.law);
    case 'assembly_votes': return t('eff.assembly_votes', { n: e.amount });
    case 'barred_from_assembly': return t('eff.barred');
    case 'taxation': return t('eff.taxation', { n: signed(e.amount), count: Math.abs(Number(e.amount)) });
    case 'maintained': return t('eff.maintained', { n: e.troops });
    case 'private_motion': return t('eff.private_motion');
    default: return '';
  }
}

/** An Agenda's kind and vote (localized). @param {any} a @param {T} t @param {Has} has */
export function agendaKindOf(a, t, has) {
  if (!a) return '';
  const cat = has(`acat.${a.category}`) ? t(`acat.${a.category}`) : a.category;
  const vote = has(`avote.${a.vote}`) ? t(`avote.${a.vote}`) : a.vote;
  return `${cat} · ${vote}`;
}

/** A short description of an Event's effect. @param {any} ev the Event's data @param {T} t @param {Has} has */
export function eventEffectOf(ev, t, has) {
  if (!ev) return '';
  const e = ev.effect ?? {};
  const res = (/** @type {string} */ r) => (has(`res.${r}`) ? t(`res.${r}`) : r);
  switch (e.kind) {
    case 'gain': return t('eff.gain', { n: signed(e.amount), res: res(e.resource) });
    case 'per_city': return t('eff.per_city', { n: signed(e.amount), res: res(e.resource) });
    case 'assassin': return t('eff.assassin', { n: e.casualties });
    case 'take_chairman': return t('eff.take_chairman');
    case 'take_head_of_church': return t('eff.take_head');
    default: return has(`evk.${e.kind}`) ? t(`evk.${e.kind}`) : String(e.kind ?? '');
  }
}
