import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../api/auth';
import { useHttp } from '../boot/boot-context';
import { sessionStore } from './session';
import { endSession } from './session-lifecycle';

/**
 * Log out (spec 1 §4): tell the server (`POST /logout`), then clear tokens, user data, original user data,
 * role and client IP whether or not the call succeeded, and go to /login.
 */
export function useLogout(): () => Promise<void> {
  const http = useHttp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout(http);
    } catch {
      // The server may already consider the session over; locally it ends regardless.
    } finally {
      endSession(sessionStore, queryClient);
      navigate('/login', { replace: true });
    }
  }, [http, queryClient, navigate]);
}
