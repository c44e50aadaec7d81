/*
 * A PostgreSQL 18 OAuth validator module for tests only (io.sluice.testkit.OAuthSetup compiles it
 * with gcc -shared -fPIC when a test needs it). It accepts exactly the bearer tokens
 * "sluice-test-token.IDENTITY" and reports IDENTITY as the authenticated identity (authn_id),
 * which pg_hba.conf's map= then ties to a role through pg_ident.conf. Any other token is refused.
 * It checks no signature and calls no issuer: never load it into a server that matters.
 *
 * No PostgreSQL headers are needed: the few declarations below follow PostgreSQL 18's
 * src/include/fmgr.h (Pg_abi_values, Pg_magic_struct, PG_MODULE_MAGIC_EXT) and
 * src/include/libpq/oauth.h (ValidatorModuleState, ValidatorModuleResult, OAuthValidatorCallbacks,
 * _PG_oauth_validator_module_init). The ABI values are those of a standard build:
 * FUNC_MAX_ARGS 100, INDEX_MAX_KEYS 32, NAMEDATALEN 64, FLOAT8PASSBYVAL true, FMGR_ABI_EXTRA
 * "PostgreSQL". The major version comes from -DSLUICE_PG_MAJOR=18 (the server compares
 * PG_VERSION_NUM / 100, i.e. 1800).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#ifndef SLUICE_PG_MAJOR
#define SLUICE_PG_MAJOR 18
#endif

#define SLUICE_EXPORT __attribute__((visibility("default")))

/* fmgr.h: the values the server compares with memcmp() when it loads a module */
typedef struct
{
	int			version;		/* PG_VERSION_NUM / 100 */
	int			funcmaxargs;	/* FUNC_MAX_ARGS */
	int			indexmaxkeys;	/* INDEX_MAX_KEYS */
	int			namedatalen;	/* NAMEDATALEN */
	int			float8byval;	/* FLOAT8PASSBYVAL */
	char		abi_extra[32];	/* FMGR_ABI_EXTRA */
} sluice_abi_values;

/* fmgr.h: the magic block returned by Pg_magic_func */
typedef struct
{
	int			len;			/* sizeof(this struct) */
	sluice_abi_values abi_fields;
	const char *name;			/* PG_MODULE_MAGIC_EXT(.name = ...) */
	const char *version;		/* PG_MODULE_MAGIC_EXT(.version = ...) */
} sluice_magic_struct;

SLUICE_EXPORT const sluice_magic_struct *Pg_magic_func(void);

const sluice_magic_struct *
Pg_magic_func(void)
{
	static const sluice_magic_struct magic = {
		.len = sizeof(sluice_magic_struct),
		.abi_fields = {SLUICE_PG_MAJOR * 100, 100, 32, 64, 1, "PostgreSQL"},
		.name = "sluice_test_validator",
		.version = "1",
	};

	return &magic;
}

/* libpq/oauth.h */
typedef struct
{
	int			sversion;
	void	   *private_data;
} sluice_validator_state;

typedef struct
{
	bool		authorized;
	char	   *authn_id;		/* palloc'd */
} sluice_validator_result;

typedef struct
{
	uint32_t	magic;			/* PG_OAUTH_VALIDATOR_MAGIC */
	void		(*startup_cb) (sluice_validator_state *state);
	void		(*shutdown_cb) (sluice_validator_state *state);
	bool		(*validate_cb) (const sluice_validator_state *state, const char *token,
								const char *role, sluice_validator_result *result);
} sluice_validator_callbacks;

#define SLUICE_OAUTH_VALIDATOR_MAGIC 0x20250220

/* exported by the postgres executable (utils/palloc.h) */
extern char *pstrdup(const char *in);

#define SLUICE_TOKEN_PREFIX "sluice-test-token."

static bool
sluice_validate(const sluice_validator_state *state, const char *token, const char *role,
				sluice_validator_result *result)
{
	size_t		prefix = strlen(SLUICE_TOKEN_PREFIX);

	(void) state;
	(void) role;
	result->authorized = false;
	result->authn_id = NULL;
	if (strncmp(token, SLUICE_TOKEN_PREFIX, prefix) == 0 && token[prefix] != '\0')
	{
		result->authorized = true;
		result->authn_id = pstrdup(token + prefix);
	}
	return true;				/* false would mean an internal error */
}

SLUICE_EXPORT const sluice_validator_callbacks *_PG_oauth_validator_module_init(void);

const sluice_validator_callbacks *
_PG_oauth_validator_module_init(void)
{
	static const sluice_validator_callbacks callbacks = {
		.magic = SLUICE_OAUTH_VALIDATOR_MAGIC,
		.startup_cb = NULL,
		.shutdown_cb = NULL,
		.validate_cb = sluice_validate,
	};

	return &callbacks;
}
