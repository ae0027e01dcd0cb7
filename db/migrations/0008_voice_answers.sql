CREATE TABLE `contribution_recordings` (
	`id` text PRIMARY KEY NOT NULL,
	`contribution_id` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`original_key` text,
	`original_file_name` text,
	`original_size` integer,
	`original_format` text,
	`normalized_key` text,
	`duration_seconds` real,
	`transcript` text,
	`removal_requested_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`contribution_id`) REFERENCES `contributions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contribution_recordings_contribution_id_unique` ON `contribution_recordings` (`contribution_id`);--> statement-breakpoint
ALTER TABLE `contributions` ADD `original_story_content` text;