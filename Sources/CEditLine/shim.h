#ifndef CALORINA_CEDITLINE_SHIM_H
#define CALORINA_CEDITLINE_SHIM_H

// Typed wrappers over libedit's variadic calls: Swift cannot call el_set, el_get or history
// directly, and Swift 6 rejects the C globals stdin/stdout/stderr, so they are handed over here.

#include <stdio.h>
#include <histedit.h>

typedef char *(*cal_prompt_fn)(EditLine *);
typedef unsigned char (*cal_command_fn)(EditLine *, int);

static inline FILE *cal_stdin(void) { return stdin; }
static inline FILE *cal_stdout(void) { return stdout; }
static inline FILE *cal_stderr(void) { return stderr; }

static inline EditLine *cal_el_init(const char *prog) {
    return el_init(prog, stdin, stdout, stderr);
}

static inline int cal_el_set_prompt(EditLine *e, cal_prompt_fn fn) {
    return el_set(e, EL_PROMPT, fn);
}

static inline int cal_el_set_editor(EditLine *e, const char *mode) {
    return el_set(e, EL_EDITOR, mode);
}

static inline int cal_el_set_signal(EditLine *e, int on) {
    return el_set(e, EL_SIGNAL, on);
}

static inline int cal_el_set_history(EditLine *e, History *h) {
    return el_set(e, EL_HIST, history, h);
}

static inline int cal_el_set_clientdata(EditLine *e, void *data) {
    return el_set(e, EL_CLIENTDATA, data);
}

static inline void *cal_el_get_clientdata(EditLine *e) {
    void *data = NULL;
    el_get(e, EL_CLIENTDATA, &data);
    return data;
}

static inline int cal_el_add_function(EditLine *e, const char *name, const char *help, cal_command_fn fn) {
    return el_set(e, EL_ADDFN, name, help, fn);
}

static inline int cal_el_bind(EditLine *e, const char *key, const char *name) {
    return el_set(e, EL_BIND, key, name, NULL);
}

/// Runs libedit's `setty` builtin: `setty MODE-FLAG SETTING`, e.g. ("-d", "-isig") for edit mode.
static inline int cal_el_setty(EditLine *e, const char *which, const char *setting) {
    const char *argv[] = {"setty", which, setting, NULL};
    return el_parse(e, 3, argv);
}

static inline History *cal_history_init(void) { return history_init(); }

static inline int cal_history_set_size(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

static inline int cal_history_set_unique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}

static inline int cal_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

static inline int cal_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

static inline int cal_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

#endif
