CREATE TABLE `podcast_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`campaign_id` text,
	`token` text NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `podcast_feeds_token_unique` ON `podcast_feeds` (`token`);--> statement-breakpoint
CREATE INDEX `podcast_feeds_owner_idx` ON `podcast_feeds` (`owner_id`,`campaign_id`);--> statement-breakpoint
ALTER TABLE `podcasts` ADD `cover_key` text;