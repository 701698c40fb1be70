// The screens' waits (findBy…, waitFor) give up after 1 s by default: a loaded CI machine took longer to
// lay out a Fluent dialog than that (form-dialog's nested "Salvar link"). A hang guard, not a speed
// assertion: a screen that never shows still fails, just later.
require('@testing-library/react').configure({ asyncUtilTimeout: 15_000 });
