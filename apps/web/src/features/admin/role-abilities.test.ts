import { ALL_ABILITIES } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import { abilityKey, groupAbilities, toggleAbility } from "./role-abilities";

describe("role abilities", () => {
  it("groups every ability under its domain exactly once", () => {
    const groups = groupAbilities();
    expect(groups.map((g) => g.domain)).toEqual(["space", "members", "eps", "attribute", "schedule", "wdp", "roles"]);
    expect(groups.flatMap((g) => g.abilities).sort()).toEqual([...ALL_ABILITIES].sort());
  });

  it("makes translation keys without the namespace separator", () => {
    expect(abilityKey("attribute:write")).toBe("attribute_write");
  });

  it("adds what an ability needs and removes what depends on a removed one", () => {
    expect(toggleAbility([], "attribute:write", true)).toEqual(["eps:read", "attribute:read", "attribute:write"]);
    expect(toggleAbility(["eps:read", "attribute:read", "attribute:write", "eps:write"], "eps:read", false)).toEqual(
      [],
    );
    expect(toggleAbility(["roles:read", "roles:write"], "roles:write", false)).toEqual(["roles:read"]);
  });
});
