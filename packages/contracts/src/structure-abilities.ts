/**
 * Abilities of the structure feature: `domain:action` strings held by roles. The space owner holds every ability;
 * a member gets the abilities of the role assigned to them, or the read-only default when none is assigned.
 *
 * Attribute values are further narrowed per attribute by `attribute_access` (role × attribute → none | read |
 * write): a role's row for an attribute replaces its domain ability for that attribute alone.
 */
export const ABILITIES = {
  /** See the space and its settings. Every member holds it. */
  "space:read": "See the space",
  /** Rename the space, create demo data. */
  "space:write": "Change the space",
  /** Change space settings (IP allow-list, idle time-out). */
  "space:admin": "Administer the space",
  "space:delete": "Delete the space",
  "members:read": "See the members",
  /** Invite, kick out, assign roles to members. */
  "members:write": "Manage members and their roles",
  /** See the structure tree: EPS nodes, facilities, projects, passports, comments. */
  "eps:read": "See the structure",
  /** Create, rename, move, re-key and delete EPS nodes, facilities and projects; edit passports and settings. */
  "eps:write": "Change the structure",
  /** Post comments on nodes (and delete one's own). */
  "eps:comment": "Comment on nodes",
  /** Read attribute values (unless an attribute's access says otherwise). */
  "attribute:read": "Read attribute values",
  /** Change attribute values (unless an attribute's access says otherwise). */
  "attribute:write": "Change attribute values",
  /** Define attributes: create, rename, change lists and settings, delete. */
  "attribute:admin": "Define attributes",
  "schedule:read": "See schedules",
  /** Create, change and delete schedules and schedule groups. */
  "schedule:write": "Change schedules",
  /** Report done quantities of works (the phone page); they wait for approval before they count as facts. */
  "wdp:report": "Report work done",
  /** Approve or decline reported work done (the responsible person of a schedule, granted there or space-wide). */
  "wdp:approve": "Approve work done",
  "roles:read": "See roles",
  /** Create, change and delete roles, set attribute access and resource grants. */
  "roles:write": "Manage roles and access",
} as const;

export type Ability = keyof typeof ABILITIES;
export const ALL_ABILITIES = Object.keys(ABILITIES) as Ability[];

/** What a member without an assigned role may do: look, never change. */
export const DEFAULT_MEMBER_ABILITIES: Ability[] = [
  "space:read",
  "members:read",
  "eps:read",
  "attribute:read",
  "schedule:read",
  "roles:read",
];

/** Every member may see the space itself, whatever their role says. */
export const BASE_MEMBER_ABILITIES: Ability[] = ["space:read"];

/**
 * Abilities that a grant on one resource (a facility, a project, a schedule) can widen for that resource's subtree.
 * Reading the tree stays space-wide, so a grant only ever adds changes below the resource.
 */
export const RESOURCE_ABILITIES: Ability[] = [
  "eps:write",
  "eps:comment",
  "attribute:read",
  "attribute:write",
  "schedule:read",
  "schedule:write",
  "wdp:report",
  "wdp:approve",
];

export function isAbility(value: string): value is Ability {
  return Object.hasOwn(ABILITIES, value);
}
