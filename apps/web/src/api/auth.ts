import { useMutation } from '@tanstack/react-query';
import { useBoot } from '../app/boot/boot-context';

/** `POST /login` payload of spec 1 §7.1. */
export interface LoginRequest {
  username: string;
  password: string;
  /** Bot-check token; empty until the bot check is wired in. */
  gtoken: string;
  domainName: string;
  ownedcompanyid: number;
  companyrootid: number;
}

/**
 * The answer is tokens, or a request for a two-factor code (otp_token). Its schema joins the contracts
 * with the session issue; until then the fields are read defensively.
 */
export interface LoginResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  otp_token?: string;
}

export const authKeys = {
  all: ['auth'] as const,
};

export function useLoginMutation() {
  const { http } = useBoot();
  return useMutation({
    mutationKey: [...authKeys.all, 'login'],
    mutationFn: (body: LoginRequest) => http.post<LoginResponse>('/login', body),
  });
}
