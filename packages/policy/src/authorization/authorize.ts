import { ACTIONS, type Action, type ActionRule } from './actions.js';
import type { Actor } from './actor.js';
import { isKeyActor, type KeyActor, mayHoldApiKeys } from './key-actor.js';

/**
 * The answer to "may this actor do this?". A person whose place in the tree does not allow the action
 * is told it does not exist (404), so nobody learns what lies outside their reach; a person whose role
 * lacks the switch is told so (403); a session acting as someone else is refused what only the person
 * may do (403).
 */
export type Decision =
  | { allowed: true }
  | { allowed: false; status: 404 }
  | { allowed: false; status: 403; reason: 'permission' | 'acting_as_other' };

export const NO_PERMISSION = 'You do not have permission to do this.';
export const NOT_WHILE_ACTING = 'This is not possible while acting as another user.';

/** True when the actor's role grants the switch; people without a role hold every switch. */
export function holdsPermission(actor: Actor, need: NonNullable<ActionRule['permission']>): boolean {
  if (actor.permissions === null) return true;
  return actor.permissions[need.module]?.[need.action] === true;
}

/**
 * A key (decision 0100) may perform only the actions that name a scope for keys, and only with that
 * scope granted; anything else does not exist for it (404). People are decided by `who`, their role's
 * switch and whether someone acts as them.
 */
export function authorize(actor: Actor | KeyActor, action: Action): Decision {
  const rule: ActionRule = ACTIONS[action];
  if (isKeyActor(actor)) {
    if (!rule.key || !mayHoldApiKeys(actor.companyKind)) return { allowed: false, status: 404 };
    if (!actor.scopes.includes(rule.key)) return { allowed: false, status: 403, reason: 'permission' };
    return { allowed: true };
  }
  if (!rule.who(actor)) return { allowed: false, status: 404 };
  if (rule.permission && !holdsPermission(actor, rule.permission))
    return { allowed: false, status: 403, reason: 'permission' };
  if (rule.notWhileActingAsOther && actor.actorUserId !== null)
    return { allowed: false, status: 403, reason: 'acting_as_other' };
  return { allowed: true };
}

/** Whether the actor may perform the action (what the web uses to show or hide a control). */
export const can = (actor: Actor | KeyActor, action: Action): boolean => authorize(actor, action).allowed;

/** Whether the actor's place in the tree reaches the action at all, whatever their role switches. */
export const reaches = (actor: Actor | KeyActor, action: Action): boolean => {
  const rule: ActionRule = ACTIONS[action];
  return isKeyActor(actor) ? rule.key !== undefined && mayHoldApiKeys(actor.companyKind) : rule.who(actor);
};
