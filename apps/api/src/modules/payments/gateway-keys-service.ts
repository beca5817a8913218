import {
  checkStripeKeys,
  PAYMENT_GATEWAY_TEXTS,
  type PaymentGatewayState,
  type SavePaymentGatewayRequest,
  stripeModeOf,
} from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { GatewayDirectory } from '../../providers/payments/gateway-directory.js';
import { type AuditLog, settingsEvent } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import type { GatewayKeysRepository } from './gateway-keys-repository.js';

/**
 * A system's own Stripe keys (decision 0039): shown without their secrets, checked (shape, test vs live
 * mode) before they are sealed and stored, removed to fall back to the deployment's default. After a
 * change the gateway directory reads them again and the host's domain info (which carries the
 * publishable key) is rebuilt.
 */
export function createGatewayKeysService(deps: {
  repo: GatewayKeysRepository;
  gateways: Pick<GatewayDirectory, 'forSystem' | 'source' | 'publishableKey' | 'invalidate'>;
  secrets: { seal(plain: string): Promise<string>; open(sealed: string): Promise<string> };
  audit: AuditLog;
  /** The domain info of every host carries the system's publishable key. */
  invalidateDomains: () => void;
}) {
  const { repo, gateways, secrets } = deps;

  async function state(systemId: number): Promise<PaymentGatewayState> {
    const [gateway, source, own] = await Promise.all([
      gateways.forSystem(systemId),
      gateways.source(systemId),
      repo.load(systemId),
    ]);
    const secretKey = own ? await secrets.open(own.secretKeySealed) : null;
    const publishable = await gateways.publishableKey(systemId);
    return {
      result: 'success',
      gateway: gateway.name,
      source,
      mode: publishable ? stripeModeOf(publishable) : null,
      publishable_key: own?.publishableKey ?? '',
      secret_key_last4: secretKey ? secretKey.slice(-4) : null,
      webhook_secret_set: own !== null,
      webhook_path: `/payment/webhook/stripe/${systemId}`,
    };
  }

  const changed = (systemId: number) => {
    gateways.invalidate(systemId);
    deps.invalidateDomains();
  };

  async function audit(
    p: Principal,
    action: 'payment_gateway_keys_saved' | 'payment_gateway_keys_removed',
    description: string,
    ip: string,
  ) {
    await deps.audit.record(settingsEvent(p, p.companyId, action, description, ip));
  }

  return {
    state,

    async save(p: Principal, input: SavePaymentGatewayRequest, ip: string) {
      const own = await repo.load(p.systemId);
      const typed = {
        secretKey: input.secret_key?.trim() ?? '',
        webhookSecret: input.webhook_secret?.trim() ?? '',
      };
      if (!own && (!typed.secretKey || !typed.webhookSecret)) {
        const fields = {
          ...(typed.secretKey ? {} : { secret_key: PAYMENT_GATEWAY_TEXTS.secretKey }),
          ...(typed.webhookSecret ? {} : { webhook_secret: PAYMENT_GATEWAY_TEXTS.webhookSecret }),
        };
        throw badRequest(PAYMENT_GATEWAY_TEXTS.secretsRequired, fields);
      }
      // A blank secret keeps the stored one; the checks see the keys as they will be stored.
      const keys = {
        secretKey: typed.secretKey || (own ? await secrets.open(own.secretKeySealed) : ''),
        webhookSecret: typed.webhookSecret || (own ? await secrets.open(own.webhookSecretSealed) : ''),
        publishableKey: input.publishable_key.trim(),
      };
      const problems = checkStripeKeys(keys);
      const [first] = Object.values(problems);
      if (first) throw badRequest(first, problems);
      await repo.save(p.systemId, {
        secretKeySealed: await secrets.seal(keys.secretKey),
        webhookSecretSealed: await secrets.seal(keys.webhookSecret),
        publishableKey: keys.publishableKey,
      });
      changed(p.systemId);
      const mode = stripeModeOf(keys.secretKey);
      await audit(
        p,
        'payment_gateway_keys_saved',
        `Saved the system's Stripe ${mode} keys (secret key ending ${keys.secretKey.slice(-4)})`,
        ip,
      );
      return { ...(await state(p.systemId)), message: PAYMENT_GATEWAY_TEXTS.saved };
    },

    async remove(p: Principal, ip: string) {
      if (!(await repo.load(p.systemId))) throw badRequest(PAYMENT_GATEWAY_TEXTS.nothingToRemove);
      await repo.clear(p.systemId);
      changed(p.systemId);
      await audit(p, 'payment_gateway_keys_removed', "Removed the system's Stripe keys", ip);
      return { ...(await state(p.systemId)), message: PAYMENT_GATEWAY_TEXTS.removed };
    },
  };
}

export type GatewayKeysService = ReturnType<typeof createGatewayKeysService>;
