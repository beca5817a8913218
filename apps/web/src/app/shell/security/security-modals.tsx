import type { SessionUser } from '@app/contracts';
import { ChangePasswordModal } from './change-password-modal';
import { TwoFactorDialogs } from './two-factor-dialogs';

/** Profile-menu entries (policy menu ids) that open a dialog rather than a page (spec 1 §2.5). */
const SECURITY_MODALS = ['change-password', 'two-factor'] as const;
export type SecurityModal = (typeof SECURITY_MODALS)[number];

export function isSecurityModal(id: string): id is SecurityModal {
  return (SECURITY_MODALS as readonly string[]).includes(id);
}

interface SecurityModalsProps {
  open: SecurityModal | null;
  onClose: () => void;
  user: SessionUser | null;
}

/** The shell's security dialogs; always mounted so closing animates and state resets on the next open. */
export function SecurityModals({ open, onClose, user }: SecurityModalsProps) {
  if (!user) return null;
  return (
    <>
      <ChangePasswordModal opened={open === 'change-password'} onClose={onClose} userId={user.id} />
      <TwoFactorDialogs
        opened={open === 'two-factor'}
        onClose={onClose}
        userId={user.id}
        companyId={user.company_id}
      />
    </>
  );
}
