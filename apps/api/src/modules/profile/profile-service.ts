import { createHash, randomUUID } from 'node:crypto';
import {
  centsToDollars,
  emailChangePending,
  PROFILE_EMAIL_TAKEN,
  type ProfileUpdateResponse,
  phoneSchema,
  type profileStep1Schema,
  type profileStep2Schema,
  ZERO_CENTS,
} from '@app/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http-errors.js';
import { detectImageType, MAX_IMAGE_BYTES } from '../../lib/image-type.js';
import { requireAction } from '../../plugins/access.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import { type AuditLog, changeDescription, fieldChanges } from '../audit/index.js';
import type { DomainService } from '../domains/index.js';
import type { FileLinks } from '../files/index.js';
import type { EmailChangeService, PasswordService, TokenService } from '../identity/index.js';
import { hashPassword } from '../identity/index.js';
import type { CompanyHosts } from '../settings/index.js';
import type { Principal } from '../tenancy/index.js';
import { inheritedColours } from '../tenancy/index.js';
import { onboardingFeeDue } from './onboarding-fee.js';
import type { ProfileRepository } from './profile-repository.js';

export interface UploadedImage {
  bytes: Buffer;
}

/**
 * The profile screens (spec 1 §7.2): step 1 is the person, step 2 their company. Pictures are
 * checked by content, stored by the file provider and recorded in `files`.
 */
/** How the profile's stored fields read in the user log. */
const PROFILE_LABELS: Record<string, string> = {
  phonenum: 'phone',
  phoneCountryCode: 'phone country',
  phoneCountryCallingCode: 'phone calling code',
  countryCode: 'country',
  stateCode: 'state',
  profilePictureFileId: 'picture',
};

export function createProfileService(deps: {
  repo: ProfileRepository;
  storage: FileStorage;
  tokens: TokenService;
  audit: AuditLog;
  domains: DomainService;
  /** Agency subdomains change through the settings module's host rules only. */
  hosts: Pick<CompanyHosts, 'checkSubdomain' | 'changeSubdomain'>;
  filesBaseUrl: string;
  fileLinks: FileLinks;
  /** Password and e-mail changes: not in view mode, and only with the current password. */
  passwords: Pick<PasswordService, 'reauthenticate'>;
  /** A new e-mail address waits for the link sent to it. */
  emailChanges: Pick<EmailChangeService, 'request'>;
  /** Whether the caller may see a person: only then does a taken address say so (decision 0019). */
  inScope(principal: Principal, resource: 'user', id: number): Promise<boolean>;
}) {
  async function storeImage(p: Principal, image: UploadedImage, purpose: 'profile_picture' | 'logo') {
    if (image.bytes.length > MAX_IMAGE_BYTES)
      throw badRequest('The picture must not be larger than 2 MB.', { pict: 'too large' });
    const contentType = detectImageType(image.bytes);
    if (!contentType)
      throw badRequest('The picture must be a PNG, JPEG, WebP or GIF image.', { pict: 'not an image' });
    const storageKey = `${purpose}/${randomUUID()}`;
    await deps.storage.put(storageKey, image.bytes);
    const file = await deps.repo.insertFile({
      systemId: p.systemId,
      companyId: p.companyId,
      uploadedByUserId: p.userId,
      purpose,
      contentType,
      sizeBytes: image.bytes.length,
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
      storageKey,
    });
    return file.id;
  }

  const url = (id: string | null | undefined) => (id ? `${deps.filesBaseUrl}/${id}` : null);
  const pictureUrl = (id: string | null | undefined) => (id ? deps.fileLinks.signedUrl(id) : null);

  return {
    async updatePerson(
      p: Principal,
      input: z.infer<typeof profileStep1Schema>,
      image: UploadedImage | null,
      ip: string,
      /** The host the person is on: the confirmation link of a new address keeps it when it is theirs. */
      host?: string,
    ): Promise<ProfileUpdateResponse> {
      if (input.id !== p.userId) throw notFound();
      const user = await deps.repo.findUser(p.userId);
      if (!user) throw notFound();
      const phone = phoneSchema.safeParse({ number: input.phone, countryCode: input.phoneCountryCode });
      if (!phone.success)
        throw badRequest('Please enter valid phone number', { phone: 'Please enter valid phone number' });
      const newEmail = input.email !== user.email ? input.email : null;
      if (newEmail || input.newpass)
        await deps.passwords.reauthenticate({ principal: p, user, password: input.currpassword, ip });
      const holder = newEmail ? await deps.repo.emailHolder(user.systemId, newEmail, user.id) : undefined;
      // Spec 1 §7.2's error_email, for a colleague's address only; any other goes the link's way and
      // its holder is told instead, so the form tells nobody who else has an account.
      if (holder !== undefined && (await deps.inScope(p, 'user', holder))) {
        return {
          result: 'error_email',
          message: PROFILE_EMAIL_TAKEN,
          image_url: pictureUrl(user.profilePictureFileId),
          picexist: Boolean(user.profilePictureFileId),
          industryID: null,
          companyID: user.companyId,
        };
      }
      const pictureId = image ? await storeImage(p, image, 'profile_picture') : user.profilePictureFileId;
      const values = {
        // The e-mail address changes only once the link sent to the new one is opened.
        name: input.name,
        phonenum: input.phone,
        phoneCountryCode: input.phoneCountryCode,
        phoneCountryCallingCode: input.phoneCountryDialCode,
        address: input.address,
        city: input.city,
        countryCode: input.country || 'US',
        zip: input.zip,
        stateCode: input.state,
        profilePictureFileId: pictureId,
      };
      const changes = fieldChanges(
        { ...user, password: 'stored' },
        { ...values, password: input.newpass || undefined },
        { labels: PROFILE_LABELS, secrets: ['profilePictureFileId'] },
      );
      await deps.repo.updateUser(user.id, {
        ...values,
        ...(input.newpass ? { passwordHash: await hashPassword(input.newpass) } : {}),
      });
      if (input.newpass) await deps.tokens.revokeUser(user.id, 'password changed', p.familyId);
      if (newEmail) await deps.emailChanges.request({ user, newEmail, ip, host });
      await deps.audit.record({
        systemId: p.systemId,
        companyId: p.companyId,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: 'profile_updated',
        category: 'settings',
        description: changeDescription('Updated the profile', changes),
        ip,
      });
      return {
        result: 'success',
        message: newEmail ? emailChangePending(newEmail) : 'Your profile has been saved.',
        image_url: pictureUrl(pictureId),
        picexist: Boolean(pictureId),
        industryID: null,
        companyID: user.companyId,
      };
    },

    async updateCompany(
      p: Principal,
      input: z.infer<typeof profileStep2Schema>,
      image: UploadedImage | null,
      ip: string,
    ): Promise<ProfileUpdateResponse> {
      if (input.id !== p.userId) throw notFound();
      // The company's name, subdomain and logo are its settings: the role must allow changing them.
      requireAction(p, 'account.company.update');
      const company = await deps.repo.findCompany(p.companyId);
      if (!company || company.kind === 'root') throw notFound();
      const subdomain =
        company.kind === 'agency' && input.DownlineSubDomain && input.DownlineSubDomain !== company.subdomain
          ? input.DownlineSubDomain
          : null;
      // Checked before anything is written; the settings module's rules, as everywhere else.
      if (subdomain)
        await deps.hosts.checkSubdomain(company.systemId, subdomain, {
          field: 'DownlineSubDomain',
          exceptCompanyId: company.id,
        });
      const changes = fieldChanges(
        { ...company, logo: 'kept' },
        {
          name: input.company,
          industryName: input.industry,
          subdomain: subdomain ?? undefined,
          logo: image ? 'new' : undefined,
        },
        { labels: { industryName: 'industry' }, secrets: ['logo'] },
      );
      await deps.repo.updateCompany(company.id, { name: input.company, industryName: input.industry });
      if (subdomain) await deps.hosts.changeSubdomain(company, subdomain, 'DownlineSubDomain');
      let logoUrl: string | null = null;
      if (image) {
        const logoId = await storeImage(p, image, 'logo');
        // The company keeps the colours it showed until now: its own, its agency's or its system's.
        await deps.repo.setLogo(
          company.id,
          logoId,
          inheritedColours(await deps.repo.shownBrandingOf(company)),
        );
        logoUrl = url(logoId);
      }
      deps.domains.invalidate();
      await deps.audit.record({
        systemId: p.systemId,
        companyId: company.id,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: 'company_profile_updated',
        category: 'settings',
        description: changeDescription(`Updated the company details of ${input.company}`, changes),
        ip,
      });
      return {
        result: 'success',
        message: 'Your company details have been saved.',
        image_url: logoUrl,
        picexist: logoUrl !== null,
        industryID: null,
        companyID: company.id,
      };
    },

    /** Profile, card, payment account: the first missing one is the next step (agencies need all three). */
    async onboardingStatus(userId: number) {
      const user = await deps.repo.findUser(userId);
      if (!user) throw notFound();
      const company = await deps.repo.findCompany(user.companyId);
      const agencyId = company?.kind === 'agency' ? company.id : null;
      const account = agencyId ? await deps.repo.connectedAccountOf(agencyId) : undefined;
      const needsAccount = agencyId !== null;
      const accountConnected = !needsAccount || account?.status === 'completed';
      const cardAdded =
        Boolean(await deps.repo.paymentCardOf(user)) || company?.kind === 'root' || user.userType === 'sales';
      const next = !user.profileSetupCompleted
        ? 'profile'
        : !cardAdded
          ? 'card'
          : !accountConnected
            ? 'connect_account'
            : null;
      const fee = company
        ? await onboardingFeeDue(deps.repo, company)
        : { amountCents: ZERO_CENTS, enableCoupon: false };
      return {
        profile_setup_completed: user.profileSetupCompleted,
        card_added: cardAdded,
        account_connected: accountConnected,
        next_step: next,
        onboarding_fee: centsToDollars(fee.amountCents),
        onboarding_coupon: fee.amountCents > 0 && fee.enableCoupon,
      } as const;
    },

    async completeSetup(
      p: Principal,
      usrID: number,
      complete: boolean,
      answers: Record<string, unknown> | undefined,
      ip: string,
    ) {
      if (usrID !== p.userId) throw notFound();
      await deps.repo.updateUser(p.userId, {
        profileSetupCompleted: complete,
        ...(answers ? { questionnaireSetupCompleted: true, questionnaireAnswers: answers } : {}),
      });
      await deps.audit.record({
        systemId: p.systemId,
        companyId: p.companyId,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: 'setup_completed',
        category: 'settings',
        description: answers ? 'Finished profile setup and the questionnaire' : 'Finished profile setup',
        ip,
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
