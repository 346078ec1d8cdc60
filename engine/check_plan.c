/* check's plan: every combination of llc, CPU and selector, the order its
 * signatures run in and the batches of it (call graphs: the module's
 * functions), and each batch's IR. */
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "check.h"
#include "ir_text.h"

bool push_batch(Check *c, Batch b)
{
	CheckRun *r = &c->run;
	if (r->nqueue == r->capqueue) {
		size_t cap = r->capqueue ? r->capqueue * 2 : 256;
		Batch *q = realloc(r->queue, cap * sizeof *q);
		if (!q)
			return false;
		r->queue = q;
		r->capqueue = cap;
	}
	r->queue[r->nqueue++] = b;
	return true;
}

/* Whether dynamic-VGPR chain calls are emitted as such for this llc and
 * target: where llc refuses them (wave64), graphs chain with flags 0
 * instead. Where it crashes later (before gfx12), check's runs stop after
 * isel, before the crash, and see the call. The VGPR count is checked
 * against the callee's placement either way. */
static bool chain_dvgpr_emitted(const ModelConfig *m)
{
	return cc_chain_dvgpr_support(m) != DVGPR_REFUSED;
}

EmitOptions emit_options(const Combo *co, bool callers)
{
	EmitOptions o = { .callers = callers, .rename = true, .exec64 = co->m.wave == 64,
			  .plain_chains = !chain_dvgpr_emitted(&co->m) };
	emit_profile_options(&o, co->m.profile, co->m.selector, co->m.target->has_16bit_insts);
	return o;
}

bool emittable(const Combo *co, const Sig *s, unsigned i)
{
	Buf scratch = { 0 };
	char why[256];
	EmitOptions o = emit_options(co, false);
	bool ok = emit_function(&scratch, s, i, &o, why, sizeof why);
	buf_free(&scratch);
	return ok;
}

/* Whether function i is in graph batch b: the combo's module holds it, its
 * component is the batch's, and in a kernel batch it is a kernel. */
bool in_graph_batch(const Check *c, const Batch *b, unsigned i)
{
	return c->combos[b->combo].in_graph[i] && c->in.component[i] >= b->first &&
	       c->in.component[i] < b->first + b->count && (!b->kernel || conv_in_family((CallConv)c->in.sigs[i]->cc, FAMILY_KERNEL));
}

bool write_batch_ir(Check *c, const Batch *b, const char *path)
{
	Combo *co = &c->combos[b->combo];
	EmitOptions o = emit_options(co, b->callers);
	Buf buf = { 0 };
	char why[256];
	char shown[3 * 4096 + 1]; /* a path escaped: at most 3 bytes a byte */
	/* as written, llc's line numbers are the input's */
	if (!c->in.as_written)
		buf_printf(&buf, "; gcnabi check batch: %u functions of %s\n", b->count,
			   ir_comment(c->in.path, shown, sizeof shown));
	/* A graph's kernel batch holds only its kernels (without their calls):
	 * their kernarg layout is all it reads, and the whole module, compiled
	 * to assembly, fails wherever any function fails after isel. */
	bool include[b->graph ? c->in.nsigs + 1 : 1];
	for (unsigned i = 0; b->graph && i < c->in.nsigs; i++)
		include[i] = in_graph_batch(c, b, i);
	if (b->graph && c->in.as_written)
		buf_put(&buf, c->in.text, c->in.len); /* the module as it is */
	else if (b->graph && !emit_graph(&buf, c->in.sigs, include, c->in.nsigs, c->in.edges, c->in.nedges, &o, why, sizeof why)) {
		fprintf(stderr, "gcnabi check: %s: %s\n", c->in.path, why);
		buf_free(&buf);
		return false;
	}
	for (unsigned k = 0; k < b->count && !b->graph; k++) {
		unsigned i = co->order[b->first + k];
		if (!emit_function(&buf, c->in.sigs[i], i, &o, why, sizeof why) && b->fresh) {
			co->st.not_emitted++;
			finding_write(c, &(Finding){ .kind = FK_NOT_EMITTED, .co = co, .sig = i, .why = why });
		}
	}
	FILE *f = fopen_fresh(path);
	bool ok = f && !buf.failed && fwrite(buf.p, 1, buf.n, f) == buf.n;
	if (f)
		ok = fclose(f) == 0 && ok;
	buf_free(&buf);
	return ok;
}

/* Call-graph input: which functions go into the module. One the model
 * expects llc to refuse (or this dialect cannot express) stays out, and so
 * do the calls to it. */
static bool plan_graph(Check *c, int k)
{
	Combo *co = &c->combos[k];
	unsigned n = c->in.nsigs;
	co->in_graph = calloc(n ? n : 1, sizeof *co->in_graph);
	co->kept_callee = calloc(n ? n : 1, sizeof *co->kept_callee);
	if (!co->in_graph || !co->kept_callee)
		return false;
	for (unsigned i = 0; i < n; i++) {
		const Sig *s = c->in.sigs[i];
		/* as written, the module is compiled whole: nothing stays out */
		co->in_graph[i] = c->in.as_written || (cc_place(s, &co->m, VIEW_CALLEE, c->model) &&
						       cc_place(s, &co->m, VIEW_CALLER, c->model) && emittable(co, s, i));
		if (!co->in_graph[i]) {
			co->st.not_emitted++;
			finding_write(c, &(Finding){ .kind = FK_NOT_IN_GRAPH, .co = co, .sig = i,
						    .why = c->model->ok ? "this llc's IR cannot express it" : c->model->error });
		}
	}
	bool kernels = false;
	for (unsigned i = 0; i < n; i++)
		kernels |= co->in_graph[i] && conv_in_family((CallConv)c->in.sigs[i]->cc, FAMILY_KERNEL);
	/* Kernels: the same module once more, compiled for amdhsa to assembly,
	 * whose HSA metadata has their kernarg layout. */
	Batch graph = { .combo = k, .count = c->in.ncomponents, .callers = true, .fresh = true, .graph = true };
	Batch kernel_graph = graph;
	kernel_graph.kernel = true;
	return push_batch(c, graph) && (!kernels || push_batch(c, kernel_graph));
}

/* The combo's run order and its batches: what the model expects llc to
 * compile goes in batches of --batch, the rest one function at a time. */
static bool plan_batches(Check *c, int k)
{
	Combo *co = &c->combos[k];
	unsigned n = c->in.nsigs, batch = c->opt.batch;
	bool callers = c->opt.callers;
	co->order = malloc((n ? n : 1) * sizeof *co->order);
	if (!co->order)
		return false;
	unsigned ok = 0, refused = n;
	/* Two passes over the signatures the model expects to compile: other
	 * conventions, then kernels, each part ascending and in batches of its own. */
	unsigned kernels_from = 0;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			kernels_from = ok;
		for (unsigned i = 0; i < n; i++) {
			const Sig *s = c->in.sigs[i];
			if (conv_in_family((CallConv)s->cc, FAMILY_KERNEL) != (pass == 1))
				continue;
			bool expect_ok = cc_place(s, &co->m, VIEW_CALLEE, c->model) &&
					 (!callers || !conv_callable((CallConv)s->cc) || cc_place(s, &co->m, VIEW_CALLER, c->model));
			if (expect_ok)
				co->order[ok++] = i;
			else
				co->order[--refused] = i;
		}
	}
	co->nexpected_ok = ok;
	/* The refused part was filled from the end: make it ascending. */
	for (unsigned a = ok, b = n ? n - 1 : 0; a < b; a++, b--) {
		unsigned t = co->order[a];
		co->order[a] = co->order[b];
		co->order[b] = t;
	}
	for (int part = 0; part < 2; part++) {
		unsigned from = part ? kernels_from : 0, to = part ? ok : kernels_from;
		for (unsigned f = from; f < to; f += batch)
			if (!push_batch(c, (Batch){ .combo = k, .first = f, .count = to - f < batch ? to - f : batch,
						    .callers = callers, .fresh = true, .kernel = part == 1 }))
				return false;
	}
	for (unsigned f = ok; f < n; f++)
		if (!push_batch(c, (Batch){ .combo = k, .first = f, .count = 1, .callers = callers, .fresh = true,
					    .kernel = conv_in_family((CallConv)c->in.sigs[co->order[f]]->cc, FAMILY_KERNEL) }))
			return false;
	return true;
}

/* The combination of llc l, CPU u and selector sel, planned; 0 or an exit
 * status after a message. */
static int plan_combo(Check *c, int l, int u, Selector sel)
{
	const CheckOptions *o = &c->opt;
	Combo *co = &c->combos[c->ncombos];
	char err[600];
	co->llc = &c->llcs[l];
	co->cpu = o->cpus[u];
	co->sel = sel;
	if (!model_config_init(&co->m, co->llc->profile, &c->layout, co->cpu, o->wave, co->sel, err, sizeof err)) {
		fprintf(stderr, "gcnabi check: %s\n", err);
		return EXIT_USAGE;
	}
	co->m.os = o->os;
	co->m.cov = (uint16_t)(c->in.cov < 65536 ? c->in.cov : 0);
	int flat = llc_options_flat_scratch(o);
	if (flat >= 0 && !co->llc->ignores_flat_scratch)
		co->m.flat_scratch = flat || co->m.target->arch_flat_scratch;
	snprintf(co->triple_arg, sizeof co->triple_arg, "-mtriple=%s", target_os_triple(o->os));
	co->new_rbs = o->new_rbs && sel == SEL_GISEL;
	co->llc_options = o->llc_options;
	co->nllc_options = o->nllc_options;
	co->as_written = c->in.as_written;
	/* llc options are part of the combination's name: -opt and a hash of
	 * them (summary.json and every finding list them as given). */
	uint32_t h = 2166136261u;
	for (unsigned k = 0; k < o->nllc_options; k++) {
		for (const char *p = o->llc_options[k]; *p; p++)
			h = (h ^ (unsigned char)*p) * 16777619u;
		h = (h ^ ' ') * 16777619u;
	}
	char opts[16] = "";
	if (o->nllc_options)
		snprintf(opts, sizeof opts, "-opt%08x", (unsigned)h);
	snprintf(co->tag, sizeof co->tag, "%s-%s%s-%s%s%s%s", co->llc->label, co->cpu,
		 o->wave ? (o->wave == 32 ? "w32" : "w64") : "", selector_names[sel], co->new_rbs ? "-nrbs" : "",
		 o->os == OS_MESA3D ? "-mesa3d" : o->os == OS_NONE ? "-noos" : o->os == OS_AMDHSA ? "-hsa" : "", opts);
	if (o->placements && !c->in.graph && !check_open_placements(c, co))
		return EXIT_ERROR;
	if (!(c->in.graph ? plan_graph(c, c->ncombos) : plan_batches(c, c->ncombos)))
		return EXIT_ERROR;
	/* Kept for the links: several llc, or both selectors. */
	if ((c->nllcs > 1 || (o->sel_dag && o->sel_gisel)) && o->callers) {
		unsigned n = c->in.nsigs ? c->in.nsigs : 1;
		/* plan_graph allocated kept_callee already */
		if (!co->kept_callee)
			co->kept_callee = calloc(n, sizeof *co->kept_callee);
		co->kept_call = c->in.graph ? calloc(c->in.nedges ? c->in.nedges : 1, sizeof *co->kept_call) : calloc(n, sizeof *co->kept_call);
		if (!co->kept_callee || !co->kept_call)
			return EXIT_ERROR;
	}
	c->ncombos++;
	return 0;
}

int check_plan(Check *c)
{
	c->combos = calloc((size_t)c->nllcs * (size_t)c->opt.ncpus * 2, sizeof *c->combos);
	c->model = malloc(sizeof *c->model);
	c->model_caller = malloc(sizeof *c->model_caller);
	c->seen_view = malloc(3 * sizeof *c->seen_view);
	if (!c->combos || !c->model || !c->model_caller || !c->seen_view)
		return EXIT_ERROR;
	for (int l = 0; l < c->nllcs; l++)
		for (int u = 0; u < c->opt.ncpus; u++)
			for (int sel = 0; sel < SEL_COUNT; sel++) {
				if ((sel == SEL_DAG && !c->opt.sel_dag) || (sel == SEL_GISEL && !c->opt.sel_gisel))
					continue;
				int rc = plan_combo(c, l, u, (Selector)sel);
				if (rc)
					return rc;
			}
	/* Run in the order given: the queue is a stack. */
	CheckRun *r = &c->run;
	for (size_t a = 0, b = r->nqueue ? r->nqueue - 1 : 0; a < b; a++, b--) {
		Batch t = r->queue[a];
		r->queue[a] = r->queue[b];
		r->queue[b] = t;
	}
	return 0;
}

/* Bisection of a failed batch: its two halves, the first to run first. */
void push_halves(Check *c, const Batch *b)
{
	Batch lo = *b, hi = *b;
	lo.fresh = hi.fresh = false;
	lo.count = b->count / 2;
	hi.first = b->first + lo.count;
	hi.count = b->count - lo.count;
	push_batch(c, hi);
	push_batch(c, lo);
}
