ALTER TABLE `books` ADD `dedication` text;--> statement-breakpoint
ALTER TABLE `books` ADD `foreword` text;