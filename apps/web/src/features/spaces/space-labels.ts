import type { Space } from "@planum/contracts";
import type { TFunction } from "i18next";

export function spaceTypeLabel(t: TFunction, type: Space["type"]): string {
  return t(`spaces:type.${type}`);
}

export function spaceRoleLabel(t: TFunction, role: Space["role"]): string {
  return t(`spaces:role.${role}`);
}
