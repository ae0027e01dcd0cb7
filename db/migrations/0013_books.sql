CREATE TABLE `book_links` (
	`id` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`contribution_id` text NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`contribution_id`) REFERENCES `contributions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `book_links_token_unique` ON `book_links` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `book_links_contribution_id_unique` ON `book_links` (`contribution_id`);--> statement-breakpoint
CREATE TABLE `books` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`trim` text NOT NULL,
	`bleed` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`stories_done` integer DEFAULT 0 NOT NULL,
	`story_count` integer DEFAULT 0 NOT NULL,
	`page_count` integer,
	`file_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `books_campaign_idx` ON `books` (`campaign_id`,`created_at`);