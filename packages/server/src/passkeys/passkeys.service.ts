import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  MSG_2FA_PENDING_MISSING,
  MSG_PASSKEY_CHALLENGE_MISSING,
  MSG_PASSKEY_CLONED,
  MSG_PASSKEY_DUPLICATE,
  MSG_PASSKEY_LIMIT,
  MSG_PASSKEY_LOGIN_DISABLED,
  MSG_PASSKEY_NONE_FOR_2FA,
  MSG_PASSKEY_NOT_FOUND,
  MSG_PASSKEY_UNKNOWN,
  MSG_PASSKEY_VERIFY_FAILED,
  PASSKEYS_PER_USER,
  type PasskeyView,
} from '@gw/shared';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Request, Response } from 'express';
import { DataSource, IsNull, Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { OptionsService } from '../options/options.service';
import { TwoFactorSignIn } from '../two-factor/two-factor-sign-in';
import { UserEvents } from '../users/user-events';
import { isUniqueViolation } from '../users/users.service';
import { UserEntity } from '../users/user.entity';
import type { UserView } from '../users/user.view';
import { PasskeyChallenges, type PasskeyCeremony } from './passkey-challenges';
import { PasskeyEntity } from './passkey.entity';
import { RelyingParties } from './relying-party';

const seconds = (): number => Math.floor(Date.now() / 1000);

const toView = (row: PasskeyEntity): PasskeyView => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  backed_up: row.backed_up,
  device_type: row.device_type,
});

const transportsOf = (row: PasskeyEntity): AuthenticatorTransportFuture[] => {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? (parsed.filter((item) => typeof item === 'string') as AuthenticatorTransportFuture[]) : [];
  } catch {
    return [];
  }
};

/** The credential id a browser's answer names, when it has the shape of one (at most 1023 bytes, as base64url). */
const credentialIdOf = (response: Record<string, unknown>): string | undefined =>
  typeof response.id === 'string' && /^[A-Za-z0-9_-]{1,1366}$/.test(response.id) ? response.id : undefined;

/**
 * Passkeys (WebAuthn, issue 31; docs/security.md "Passkeys"): registration by a signed-in user,
 * the discoverable sign-in (no username; user verification required, so no TOTP step follows),
 * and a passkey as the second factor of a pending 2FA sign-in. Verification is
 * @simplewebauthn/server's; challenges are PasskeyChallenges'; sessions and audit TwoFactorSignIn's.
 */
@Injectable()
export class PasskeysService implements OnModuleInit {
  constructor(
    @InjectRepository(PasskeyEntity) private readonly rows: Repository<PasskeyEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly db: DataSource,
    private readonly challenges: PasskeyChallenges,
    private readonly relyingParties: RelyingParties,
    private readonly options: OptionsService,
    private readonly signIn: TwoFactorSignIn,
    private readonly userEvents: UserEvents,
  ) {}

  /**
   * The login's `require_2fa` reply says whether the user may answer with a passkey; and a
   * deregistered user (the row stays, soft-deleted) loses their passkeys at once.
   */
  async onModuleInit(): Promise<void> {
    this.signIn.offerPasskeys((userId) => this.has(userId));
    await this.userEvents.onChange((userId) => {
      // A failure here leaves rows no sign-in can use: verifyAssertion refuses a deregistered user.
      this.db.query('DELETE FROM passkeys p USING users u WHERE p.user_id = u.id AND u.id = $1 AND u.deleted_at IS NOT NULL', [userId]).catch(() => undefined);
    });
  }

  async list(userId: number): Promise<PasskeyView[]> {
    return (await this.rows.find({ where: { user_id: userId }, order: { id: 'ASC' } })).map(toView);
  }

  async registrationOptions(user: UserEntity, request: Request, response: Response): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.rows.find({ where: { user_id: user.id } });
    if (existing.length >= PASSKEYS_PER_USER) throw new BusinessError(MSG_PASSKEY_LIMIT);
    const rp = this.relyingParties.of(request);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.username,
      userDisplayName: user.display_name || user.username,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.challenges.issue(request, response, 'register', options.challenge, user.id);
    return options;
  }

  async register(user: UserEntity, name: string, answer: Record<string, unknown>, request: Request, response: Response): Promise<PasskeyView> {
    const challenge = await this.challengeFor(request, response, 'register', user.id);
    const rp = this.relyingParties.of(request);
    const verified = await verifyRegistrationResponse({
      response: answer as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!verified?.verified) throw new BusinessError(MSG_PASSKEY_VERIFY_FAILED);
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    const row = await this.db
      .transaction(async (manager) => {
        // The user's row locked: two registrations at once cannot both pass the limit.
        await manager.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        const count = await manager.countBy(PasskeyEntity, { user_id: user.id });
        if (count >= PASSKEYS_PER_USER) throw new BusinessError(MSG_PASSKEY_LIMIT);
        return manager.save(
          manager.create(PasskeyEntity, {
            user_id: user.id,
            credential_id: credential.id,
            public_key: Buffer.from(credential.publicKey),
            counter: credential.counter,
            transports: JSON.stringify(credential.transports ?? []),
            device_type: credentialDeviceType,
            backed_up: credentialBackedUp,
            name,
            created_at: seconds(),
            last_used_at: null,
          }),
        );
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new BusinessError(MSG_PASSKEY_DUPLICATE);
        throw error;
      });
    return toView(row);
  }

  async rename(userId: number, id: number, name: string): Promise<void> {
    const result = await this.rows.update({ id, user_id: userId }, { name });
    if (!result.affected) throw new BusinessError(MSG_PASSKEY_NOT_FOUND);
  }

  async remove(userId: number, id: number): Promise<void> {
    const result = await this.rows.delete({ id, user_id: userId });
    if (!result.affected) throw new BusinessError(MSG_PASSKEY_NOT_FOUND);
  }

  /** Options for the discoverable sign-in: no allowCredentials, the authenticator offers the site's passkeys. */
  async loginOptions(request: Request, response: Response): Promise<PublicKeyCredentialRequestOptionsJSON> {
    this.assertLoginEnabled();
    const options = await generateAuthenticationOptions({ rpID: this.relyingParties.of(request).id, userVerification: 'required' });
    await this.challenges.issue(request, response, 'login', options.challenge, null);
    return options;
  }

  async login(answer: Record<string, unknown>, request: Request, response: Response): Promise<UserView> {
    this.assertLoginEnabled();
    const challenge = await this.challengeFor(request, response, 'login', null);
    const { user } = await this.verifyAssertion(answer, challenge, request);
    return this.signIn.withPasskey(user, request, response);
  }

  /** Options for the second factor of this browser's pending sign-in: that user's passkeys only. */
  async secondFactorOptions(request: Request, response: Response): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const user = await this.signIn.pendingUser(request);
    const passkeys = await this.rows.find({ where: { user_id: user.id } });
    if (passkeys.length === 0) throw new BusinessError(MSG_PASSKEY_NONE_FOR_2FA);
    const options = await generateAuthenticationOptions({
      rpID: this.relyingParties.of(request).id,
      allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
      userVerification: 'preferred',
    });
    await this.challenges.issue(request, response, 'second-factor', options.challenge, user.id);
    return options;
  }

  async secondFactor(answer: Record<string, unknown>, request: Request, response: Response): Promise<UserView> {
    const pendingUser = await this.signIn.pendingUser(request);
    const challenge = await this.challengeFor(request, response, 'second-factor', pendingUser.id);
    const { user } = await this.verifyAssertion(answer, challenge, request, pendingUser.id);
    return this.signIn.completeWithPasskey(user, request, response);
  }

  /** Whether the user holds a passkey (the login's `require_2fa` reply offers it). */
  has(userId: number): Promise<boolean> {
    return this.rows.existsBy({ user_id: userId });
  }

  private assertLoginEnabled(): void {
    if (!this.options.getBoolean('PasskeyLoginEnabled')) throw new BusinessError(MSG_PASSKEY_LOGIN_DISABLED);
  }

  /** Takes this browser's challenge of `ceremony` (used up whatever follows); it must have been issued to `userId`. */
  private async challengeFor(request: Request, response: Response, ceremony: PasskeyCeremony, userId: number | null): Promise<string> {
    const entry = await this.challenges.take(request, response, ceremony);
    if (!entry || entry.user_id !== userId) throw new BusinessError(MSG_PASSKEY_CHALLENGE_MISSING);
    return entry.challenge;
  }

  /**
   * Checks an assertion against the stored credential (of `ownerId` when given), refuses a counter
   * that did not grow (a cloned authenticator), then moves the counter forward, only if no other
   * sign-in moved it meanwhile, and notes the use.
   */
  private async verifyAssertion(answer: Record<string, unknown>, challenge: string, request: Request, ownerId?: number): Promise<{ user: UserEntity }> {
    const credentialId = credentialIdOf(answer);
    const row = credentialId ? await this.rows.findOneBy({ credential_id: credentialId }) : null;
    if (!row || (ownerId !== undefined && row.user_id !== ownerId)) throw new BusinessError(MSG_PASSKEY_UNKNOWN);
    const user = await this.users.findOneBy({ id: row.user_id, deleted_at: IsNull() });
    if (!user) throw new BusinessError(ownerId === undefined ? MSG_PASSKEY_UNKNOWN : MSG_2FA_PENDING_MISSING);
    const rp = this.relyingParties.of(request);
    let failure: unknown;
    const verified = await verifyAuthenticationResponse({
      response: answer as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: row.credential_id, publicKey: new Uint8Array(row.public_key), counter: row.counter, transports: transportsOf(row) },
      requireUserVerification: ownerId === undefined,
    }).catch((error: unknown) => {
      failure = error;
      return undefined;
    });
    if (!verified?.verified) {
      const cloned = failure instanceof Error && /counter value/i.test(failure.message);
      throw new BusinessError(cloned ? MSG_PASSKEY_CLONED : MSG_PASSKEY_VERIFY_FAILED);
    }
    const moved = await this.rows.update({ id: row.id, counter: row.counter }, { counter: verified.authenticationInfo.newCounter, last_used_at: seconds() });
    if (!moved.affected) throw new BusinessError(MSG_PASSKEY_CLONED);
    return { user };
  }
}
