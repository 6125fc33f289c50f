import { describe, expect, it } from "vitest";
import { buildMatrix, columnChanges, defaultAccess } from "./access-matrix";

const attributes = [
  { id: "a1", name: "Budget", type: "money" as const },
  { id: "a2", name: "Secret", type: "string" as const },
];
const roles = [
  { id: "viewer", name: "Viewer", abilities: ["eps:read", "attribute:read"] },
  { id: "editor", name: "Editor", abilities: ["attribute:read", "attribute:write"] },
  { id: "blind", name: "Blind", abilities: ["eps:read"] },
];

describe("access matrix", () => {
  it("derives a role's default from its attribute abilities", () => {
    expect(defaultAccess(["attribute:write"])).toBe("write");
    expect(defaultAccess(["attribute:read"])).toBe("read");
    expect(defaultAccess(["eps:read"])).toBe("none");
  });

  it("shows each role's effective access and marks its own rows", () => {
    const perRole = new Map([
      [
        "viewer",
        [
          { id: "a1", access: "read" as const },
          { id: "a2", access: "none" as const },
        ],
      ],
    ]);
    const rows = buildMatrix(attributes, roles, perRole);
    expect(rows[0].cells.viewer).toEqual({ access: "read", overridden: false });
    expect(rows[1].cells.viewer).toEqual({ access: "none", overridden: true });
    // not answered yet: the default, not an override
    expect(rows[1].cells.editor).toEqual({ access: "write", overridden: false });
    expect(rows[1].cells.blind).toEqual({ access: "none", overridden: false });
  });

  it("sends only the cells a column change alters", () => {
    const rows = buildMatrix(attributes, roles, new Map([["viewer", [{ id: "a2", access: "none" as const }]]]));
    expect(columnChanges(rows, "viewer", "none")).toEqual([{ attributeId: "a1", access: "none" }]);
    expect(columnChanges(rows, "editor", "write")).toEqual([]);
  });
});
