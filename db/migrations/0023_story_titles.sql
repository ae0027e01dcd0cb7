ALTER TABLE `contributions` ADD `title` text;--> statement-breakpoint
ALTER TABLE `newsletter_stories` ADD `listen_seconds` real;