// Public surface of the local fake Discord (see docs/fake-discord.md).
export { type Clock, ManualClock, realClock } from './clock.ts';
export {
  FakeGuild,
  FakeUser,
  type FileUpload,
  InteractionOutcome,
  type MessageRef,
  type OptionValue,
} from './driver.ts';
export { FakeDiscord, type FakeDiscordOptions } from './fake-discord.ts';
export { ACK_DEADLINE_MS, TOKEN_LIFETIME_MS } from './interactions.ts';
export { Limits } from './limits.ts';
export type { MessageEvent } from './store.ts';
export { type MessageView, transcript } from './view.ts';
