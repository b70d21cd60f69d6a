import { type ReplayableCommand, replayableCommands } from '@loyalty/contracts';

/** Whether a command (an approval request's service) can be replayed. */
export const isReplayable = (command: string): command is ReplayableCommand =>
  (replayableCommands as readonly string[]).includes(command);
