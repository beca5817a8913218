import { createHash, randomUUID } from 'node:crypto';
import {
  CAMPAIGN_SETUP_CLIENTS_ONLY,
  CAMPAIGN_SETUP_FIELDS,
  type CampaignSetup,
  type CompanyContact,
  type CompanyContacts,
  centsToDollars,
  contactsOf,
  emailChangePending,
  NO_CONTACTS,
  PROFILE_EMAIL_TAKEN,
  type ProfileUpdateResponse,
  phoneSchema,
  type profileStep1Schema,
  type profileStep2Schema,
  type SetupCompleteInput,
  ZERO_CENTS,
} from '@app/contracts';
import { groupListCompany, isClient } from '@app/policy';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http-errors.js';
import { detectImageType, MAX_IMAGE_BYTES } from '../../lib/image-type.js';
import { requireAction } from '../../plugins/access.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import { type AuditLog, changeDescription, fieldChanges } from '../audit/index.js';
import type { CampaignSetupApplier } from '../campaigns/index.js';
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
/** The contacts as flat words for the user log's changes (decision 0094). */
function contactWords(stored: unknown): Record<string, string> {
  const c = { ...NO_CONTACTS, ...(stored as Partial<CompanyContacts> | null) };
  const words = (contact: CompanyContact | null) =>
    contact ? [contact.name, contact.email, contact.phone].filter(Boolean).join(', ') : 'none';
  return {
    franchize: c.franchize ? 'yes' : 'no',
    director: words(c.director),
    officeManager: words(c.officeManager),
    team: c.team ? 'yes' : 'no',
    teamManager: words(c.teamManager),
  };
}
const CONTACT_LABELS = {
  franchize: 'franchise',
  director: 'director',
  officeManager: 'office manager',
  team: 'team',
  teamManager: 'team manager',
};

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
  /** The groups module's answer: is the group one of these companies'? */
  groupBelongsTo(groupId: number, companyIds: readonly (number | null)[]): Promise<boolean>;
  /** The campaigns module's public face for a client's campaign setup (decision 0094). */
  campaignSetup: CampaignSetupApplier;
}) {
  async function storeImage(p: Principal, image: UploadedImage, purpose: 'profile_picture' | 'logo') {
    if (image.bytes.length > MAX_IMAGE_BYTES)
      throw badRequest('The picture must not be larger than 2 MB.', { pict: 'too large' });
    const contentType = detectImageType(image.bytes);
    if (!contentType)
      throw badRequest('The picture must be a PNG, JPEG, WebP or GIF image.', { pict: 'not an image' });
    const storageKey = `${purpose}/${randomUUID()}`;
    await deps.storage.put(storageKey, image.bytes, contentType);
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
      // The people of the company (decision 0094): a switched-off role keeps nothing.
      const contacts = contactsOf(input);
      const changes = fieldChanges(
        { ...company, ...contactWords(company.contacts), logo: 'kept' },
        {
          name: input.company,
          industryName: input.industry,
          subdomain: subdomain ?? undefined,
          logo: image ? 'new' : undefined,
          ...contactWords(contacts),
        },
        { labels: { industryName: 'industry', ...CONTACT_LABELS }, secrets: ['logo'] },
      );
      await deps.repo.updateCompany(company.id, {
        name: input.company,
        industryName: input.industry,
        contacts: { ...contacts },
      });
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

    /**
     * Setup complete (decision 0094): the person's setup flag and questionnaire, their own time zone
     * (the days of their reports), and for a client the campaign setup, stored on the person and
     * applied to its campaigns still waiting for their setup (the campaigns module does that).
     */
    async completeSetup(p: Principal, body: SetupCompleteInput, ip: string) {
      if (body.usrID !== p.userId) throw notFound();
      const setup: CampaignSetup = Object.fromEntries(
        CAMPAIGN_SETUP_FIELDS.flatMap((field) => (body[field] === undefined ? [] : [[field, body[field]]])),
      );
      const withCampaignSetup = Object.keys(setup).length > 0;
      // A group the client's campaigns may use: its agency's (the group list a client reads, spec 2
      // §6) or its own; anything else answers 404, as an unknown id (checked first: an id outside the
      // caller's reach says nothing more, whoever asks).
      const group = setup.companyGroupID ?? 0;
      const groupCompanies = [groupListCompany(p), isClient(p) ? p.companyId : null];
      if (group !== 0 && !(await deps.groupBelongsTo(group, groupCompanies))) throw notFound();
      if (withCampaignSetup && !isClient(p))
        throw badRequest(CAMPAIGN_SETUP_CLIENTS_ONLY, { usrID: CAMPAIGN_SETUP_CLIENTS_ONLY });
      const user = await deps.repo.findUser(p.userId);
      if (!user) throw notFound();
      const stored = { ...((user.campaignSetup ?? {}) as CampaignSetup), ...setup };
      // Checked before anything is written: the campaigns refuse dates out of order with the spec's text.
      const applied = withCampaignSetup ? await deps.campaignSetup.check(p, setup, body.timezone) : null;
      await deps.repo.updateUser(p.userId, {
        profileSetupCompleted: body.statuscomplete === 'T',
        ...(body.answers ? { questionnaireSetupCompleted: true, questionnaireAnswers: body.answers } : {}),
        ...(body.timezone ? { timeZone: body.timezone } : {}),
        ...(withCampaignSetup ? { campaignSetup: stored } : {}),
      });
      const campaigns = applied
        ? await deps.campaignSetup.apply(p, applied, body.statuscomplete === 'T', ip)
        : 0;
      const parts = [
        body.answers ? 'Finished profile setup and the questionnaire' : 'Finished profile setup',
        body.timezone && body.timezone !== user.timeZone ? `time zone ${body.timezone}` : '',
        withCampaignSetup
          ? `campaign setup applied to ${campaigns} campaign${campaigns === 1 ? '' : 's'}`
          : '',
      ].filter(Boolean);
      await deps.audit.record({
        systemId: p.systemId,
        companyId: p.companyId,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: 'setup_completed',
        category: 'settings',
        description: parts.join('; '),
        ip,
      });
      return { campaigns };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
