/** Query keys shared by features that read or invalidate the same data (real-time events invalidate them). */
export const queryKeys = {
  spaces: ["spaces"] as const,
  space: (spaceId: string) => ["space", spaceId] as const,
  spaceAccess: (spaceId: string) => ["space", spaceId, "access"] as const,
  spaceMembers: (spaceId: string) => ["space", spaceId, "members"] as const,
  spaceSettings: (spaceId: string) => ["space", spaceId, "settings"] as const,
  /** `GET /users/space-config`: the space as its member opens it (idle minutes in force, licence terms). */
  spaceConfig: (spaceId: string) => ["space", spaceId, "config"] as const,
  spaceLicence: (spaceId: string) => ["space", spaceId, "licence"] as const,
  spaceStorage: (spaceId: string) => ["space", spaceId, "storage"] as const,
  /** Every licence of the installation (system administrator). */
  licences: ["licences"] as const,
  avatar: (userId: string) => ["avatar", userId] as const,
};
