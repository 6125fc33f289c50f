import type {
  ChangeForgottenPasswordBody,
  RegisterBody,
  ResetPasswordBody,
  SecretQuestion,
  SsoProviders,
  User,
} from "@planum/contracts";
import { api } from "../../shared/api-client";

export function registerRequest(body: RegisterBody): Promise<User> {
  return api.post<User>("/users/register", body);
}

export function resetPasswordRequest(email: string): Promise<null> {
  return api.put<null>("/users/reset-password-request", { email });
}

export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return api.put<null>("/users/reset-password", body);
}

export function secretQuestionRequest(login: string): Promise<SecretQuestion> {
  return api.get<SecretQuestion>("/users/secret-question", { query: { login } });
}

export function changeForgottenPassword(body: ChangeForgottenPasswordBody): Promise<null> {
  return api.put<null>("/users/change-forgotten-password", body);
}

export function ssoProvidersRequest(): Promise<SsoProviders> {
  return api.get<SsoProviders>("/auth/openid");
}
