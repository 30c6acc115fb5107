// Types for the schemas the conformance check uses from the dev dependency discord-api-spec (zod/mini schemas
// generated from Discord's OpenAPI spec); the package ships them as JavaScript only.
declare module 'discord-api-spec/zod' {
  import type { ZodMiniType } from 'zod/mini';

  export const MessageCreateRequestSchema: ZodMiniType;
  export const MessageEditRequestPartialSchema: ZodMiniType;
  export const PongInteractionCallbackRequestSchema: ZodMiniType;
  export const CreateMessageInteractionCallbackRequestSchema: ZodMiniType;
  export const UpdateMessageInteractionCallbackRequestSchema: ZodMiniType;
  export const ApplicationCommandAutocompleteCallbackRequestSchema: ZodMiniType;
  export const ModalInteractionCallbackRequestSchema: ZodMiniType;
  export const IncomingWebhookRequestPartialSchema: ZodMiniType;
  export const IncomingWebhookUpdateRequestPartialSchema: ZodMiniType;
  export const ApplicationCommandCreateRequestSchema: ZodMiniType;
  export const ApplicationCommandUpdateRequestSchema: ZodMiniType;
  export const CreateTextThreadWithoutMessageRequestSchema: ZodMiniType;
  export const CreateTextThreadWithMessageRequestSchema: ZodMiniType;
  export const UpdateThreadRequestPartialSchema: ZodMiniType;
  export const CreatePrivateChannelRequestSchema: ZodMiniType;
  export const MessageResponseSchema: ZodMiniType;
  export const UserResponseSchema: ZodMiniType;
  export const GuildChannelResponseSchema: ZodMiniType;
  export const ThreadResponseSchema: ZodMiniType;
  export const PrivateChannelResponseSchema: ZodMiniType;
  export const ApplicationCommandResponseSchema: ZodMiniType;
  export const GuildMemberResponseSchema: ZodMiniType;
  export const GuildResponseSchema: ZodMiniType;
  export const GuildWithCountsResponseSchema: ZodMiniType;
  export const GatewayBotResponseSchema: ZodMiniType;
  export const GatewayResponseSchema: ZodMiniType;
  export const InteractionCallbackResponseSchema: ZodMiniType;
  export const ThreadsResponseSchema: ZodMiniType;
  export const ErrorResponseSchema: ZodMiniType;
  export const RatelimitedResponseSchema: ZodMiniType;
}
