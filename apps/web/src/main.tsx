import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/app-providers";
import { createAppRouter } from "./app/app-router";
import { installGlobalErrorReporting } from "./app/client-error-report";
import { registerNavigator } from "./shared/navigation";

installGlobalErrorReporting();
const router = createAppRouter();
registerNavigator((to, options) => void router.navigate(to, options));

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
