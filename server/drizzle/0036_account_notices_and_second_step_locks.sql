CREATE TABLE "login_known_devices" (
	"user_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_known_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "second_step_lockouts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"lockouts" integer NOT NULL,
	"first_lockout_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_lockout_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_known_devices" ADD CONSTRAINT "login_known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_step_lockouts" ADD CONSTRAINT "second_step_lockouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;