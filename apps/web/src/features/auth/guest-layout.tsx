import { Outlet } from "react-router";
import { CenteredPage } from "../../ui/centered-page";
import { LanguageSwitcher } from "../language";

/** The guest pages: logo, language switcher, and the page's card. */
export function GuestLayout() {
  return (
    <CenteredPage headerActions={<LanguageSwitcher />}>
      <Outlet />
    </CenteredPage>
  );
}
