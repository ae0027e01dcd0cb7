CREATE TABLE `one_time_steps` (
	`name` text PRIMARY KEY NOT NULL,
	`done_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `retired_invitation_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`invitation_id` text NOT NULL,
	`token` text NOT NULL,
	`retired_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`invitation_id`) REFERENCES `invitations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `retired_invitation_tokens_token_unique` ON `retired_invitation_tokens` (`token`);--> statement-breakpoint
CREATE INDEX `retired_invitation_tokens_invitation_idx` ON `retired_invitation_tokens` (`invitation_id`);