export const LANGUAGES = ['en', 'si', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];

export const ROLES = ['citizen', 'police_officer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const BRANCHES = ['Traffic Branch', 'Crime Branch', 'Minor Offense Branch', 'Traffic Fine Branch', 'Admin Branch'] as const;
export type Branch = (typeof BRANCHES)[number];

export const IDENTITY_TYPES = ['NIC', 'Passport'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];

export const SIGNUP_MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed'] as const;
export type SignupMaritalStatus = (typeof SIGNUP_MARITAL_STATUSES)[number];

/** Colombo has no daylight saving; "today" and displayed times use this zone. */
export const TIME_ZONE = 'Asia/Colombo';
