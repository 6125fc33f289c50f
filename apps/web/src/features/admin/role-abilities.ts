import { type Ability, ALL_ABILITIES } from "@planum/contracts";

/** Domains in the order the role editor shows them. */
export const ABILITY_DOMAINS = ["space", "members", "eps", "attribute", "schedule", "wdp", "roles"] as const;

/** i18next reads ":" as its namespace separator, so "eps:read" is looked up as "eps_read". */
export function abilityKey(ability: string): string {
  return ability.replace(":", "_");
}

export function groupAbilities(abilities: readonly string[] = ALL_ABILITIES) {
  return ABILITY_DOMAINS.map((domain) => ({
    domain,
    abilities: abilities.filter((a) => a.split(":")[0] === domain) as Ability[],
  })).filter((group) => group.abilities.length > 0);
}

/**
 * Turning an ability on also turns on what it needs to be of use (changing needs seeing), and turning one off turns
 * off what depends on it, so a role can never write what it cannot read.
 */
const NEEDS: Partial<Record<Ability, Ability[]>> = {
  "space:write": ["space:read"],
  "space:admin": ["space:read"],
  "space:delete": ["space:read"],
  "members:write": ["members:read"],
  "eps:write": ["eps:read"],
  "eps:comment": ["eps:read"],
  "attribute:read": ["eps:read"],
  "attribute:write": ["attribute:read", "eps:read"],
  "attribute:admin": ["attribute:read", "eps:read"],
  "schedule:write": ["schedule:read"],
  "wdp:report": ["schedule:read"],
  "wdp:approve": ["schedule:read"],
  "roles:write": ["roles:read"],
};

export function toggleAbility(current: readonly string[], ability: Ability, on: boolean): string[] {
  const next = new Set(current);
  if (on) {
    next.add(ability);
    for (const need of NEEDS[ability] ?? []) next.add(need);
  } else {
    next.delete(ability);
    // remove, transitively, every ability that needs the one removed
    let changed = true;
    while (changed) {
      changed = false;
      for (const held of [...next])
        if ((NEEDS[held as Ability] ?? []).some((need) => !next.has(need))) {
          next.delete(held);
          changed = true;
        }
    }
  }
  return ALL_ABILITIES.filter((a) => next.has(a));
}
