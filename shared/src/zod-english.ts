import * as z from 'zod/mini';

// zod/mini installs no locale: a rule without a message of its own would say only "Invalid
// input". Classic zod installed English, and forms show those messages ("Too big: expected
// string to have <=256 characters"), so each form imports this and keeps them; screens that
// show no zod message never load it. The locale is global, for every schema in the page.
z.config(z.locales.en());
