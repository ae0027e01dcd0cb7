ALTER TABLE `books` ADD `campaign_ids` text;--> statement-breakpoint
ALTER TABLE `books` ADD `cover_photo_key` text;--> statement-breakpoint
ALTER TABLE `books` ADD `low_res_photos` text;