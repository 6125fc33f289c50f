import { Avatar, type AvatarProps } from "@mantine/core";
import type { User } from "@planum/contracts";
import { useAvatarUrl } from "./profile-api";

export function initialsOf(user: Pick<User, "firstName" | "lastName" | "login">): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || user.login.charAt(0)).toUpperCase();
}

/** The user's picture, or their initials when there is none (or it cannot be loaded). */
export function UserAvatar({ user, ...props }: { user: User } & Omit<AvatarProps, "src">) {
  const url = useAvatarUrl(user.id, user.hasAvatar);
  return (
    <Avatar src={url} color="initials" name={`${user.firstName} ${user.lastName}`} alt="" {...props}>
      {initialsOf(user)}
    </Avatar>
  );
}
