import type { AttributeAccess, AttributeDto } from "@planum/contracts";

export interface MatrixRole {
  id: string;
  name: string;
  abilities: readonly string[];
}

/** What a role may do with an attribute that has no access row of its own: its attribute abilities decide. */
export function defaultAccess(abilities: readonly string[]): AttributeAccess {
  if (abilities.includes("attribute:write")) return "write";
  if (abilities.includes("attribute:read")) return "read";
  return "none";
}

export interface MatrixCell {
  access: AttributeAccess;
  /** Differs from the role's default, so the role has its own row for this attribute. */
  overridden: boolean;
}

export interface MatrixRow {
  attribute: Pick<AttributeDto, "id" | "name" | "type">;
  cells: Record<string, MatrixCell>;
}

/**
 * Attributes down, roles across. `perRole` is each role's answer of `/eps/{id}/attribute-access/{roleId}` (the
 * effective access per attribute); a role not answered yet shows its default.
 */
export function buildMatrix(
  attributes: readonly Pick<AttributeDto, "id" | "name" | "type">[],
  roles: readonly MatrixRole[],
  perRole: ReadonlyMap<string, readonly Pick<AttributeDto, "id" | "access">[]>,
): MatrixRow[] {
  const lookup = new Map<string, Map<string, AttributeAccess>>();
  for (const [roleId, list] of perRole) lookup.set(roleId, new Map(list.map((a) => [a.id, a.access])));
  return attributes.map((attribute) => {
    const cells: Record<string, MatrixCell> = {};
    for (const role of roles) {
      const base = defaultAccess(role.abilities);
      const access = lookup.get(role.id)?.get(attribute.id) ?? base;
      cells[role.id] = { access, overridden: access !== base };
    }
    return { attribute, cells };
  });
}

/** Gives every attribute of a column the same access (the column header's "all"): only changed cells are sent. */
export function columnChanges(rows: readonly MatrixRow[], roleId: string, access: AttributeAccess) {
  return rows
    .filter((row) => row.cells[roleId] && row.cells[roleId].access !== access)
    .map((row) => ({ attributeId: row.attribute.id, access }));
}
