package deploy

import (
	"bufio"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/yaml"

	"github.com/praksis/praksis/api/config"
	"github.com/praksis/praksis/tenants"
)

const (
	manifestDir = "k8s"
	namespace   = "praksis"
)

// Files in k8s/ that kustomization.yaml leaves out on purpose (see its
// header): the secret template, the migration job and the per-school
// Ingresses.
var notInKustomization = []string{"secrets.template.yaml", "migrate-job.yaml", "schools/"}

// kinds are the object kinds the manifests may use, decoded into the
// Kubernetes API types.
var kinds = map[string]func() any{
	"v1/Namespace":                           func() any { return &corev1.Namespace{} },
	"v1/ConfigMap":                           func() any { return &corev1.ConfigMap{} },
	"v1/Secret":                              func() any { return &corev1.Secret{} },
	"v1/Service":                             func() any { return &corev1.Service{} },
	"apps/v1/Deployment":                     func() any { return &appsv1.Deployment{} },
	"batch/v1/Job":                           func() any { return &batchv1.Job{} },
	"autoscaling/v2/HorizontalPodAutoscaler": func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
	"policy/v1/PodDisruptionBudget":          func() any { return &policyv1.PodDisruptionBudget{} },
	"networking.k8s.io/v1/Ingress":           func() any { return &networkingv1.Ingress{} },
	"networking.k8s.io/v1/NetworkPolicy":     func() any { return &networkingv1.NetworkPolicy{} },
}

type kustomization struct {
	APIVersion string   `json:"apiVersion"`
	Kind       string   `json:"kind"`
	Namespace  string   `json:"namespace"`
	Resources  []string `json:"resources"`
	Images     []struct {
		Name    string `json:"name"`
		NewName string `json:"newName,omitempty"`
		NewTag  string `json:"newTag,omitempty"`
	} `json:"images"`
}

// manifests is every object under k8s/, strictly decoded: an unknown or
// misspelt field, a wrong type or a duplicate key fails the test.
type manifests struct {
	kustomization kustomization
	files         []string // relative to k8s/
	objects       []object
}

type object struct {
	file string
	kind string
	meta metav1.Object
	obj  any
}

var docSeparator = regexp.MustCompile(`(?m)^---[ \t]*$`)

func loadManifests(t *testing.T) *manifests {
	t.Helper()
	m := &manifests{}
	err := filepath.WalkDir(manifestDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(manifestDir, p)
		rel = filepath.ToSlash(rel)
		if !strings.HasSuffix(rel, ".yaml") {
			t.Errorf("%s: only .yaml files belong in deploy/k8s", rel)
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if rel == "kustomization.yaml" {
			if err := yaml.UnmarshalStrict(data, &m.kustomization); err != nil {
				t.Errorf("%s: %v", rel, err)
			}
			return nil
		}
		m.files = append(m.files, rel)
		for i, doc := range docSeparator.Split(string(data), -1) {
			if strings.TrimSpace(regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(doc, "")) == "" {
				continue
			}
			var tm metav1.TypeMeta
			if err := yaml.Unmarshal([]byte(doc), &tm); err != nil {
				t.Errorf("%s, document %d: %v", rel, i+1, err)
				continue
			}
			key := tm.APIVersion + "/" + tm.Kind
			newObj, ok := kinds[key]
			if !ok {
				t.Errorf("%s, document %d: unexpected kind %s", rel, i+1, key)
				continue
			}
			obj := newObj()
			if err := yaml.UnmarshalStrict([]byte(doc), obj); err != nil {
				t.Errorf("%s, document %d (%s): %v", rel, i+1, tm.Kind, err)
				continue
			}
			m.objects = append(m.objects, object{file: rel, kind: tm.Kind, meta: obj.(metav1.Object), obj: obj})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.objects) == 0 {
		t.Fatal("no manifests found")
	}
	return m
}

// all returns the objects of one Go type.
func all[T any](m *manifests) []T {
	var out []T
	for _, o := range m.objects {
		if v, ok := o.obj.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

func one[T interface{ GetName() string }](t *testing.T, m *manifests, name string) T {
	t.Helper()
	for _, v := range all[T](m) {
		if v.GetName() == name {
			return v
		}
	}
	var zero T
	t.Fatalf("no %T named %s", zero, name)
	return zero
}

// pod is a pod template with where it comes from.
type pod struct {
	owner  string
	labels map[string]string
	spec   *corev1.PodSpec
}

func pods(m *manifests) []pod {
	var out []pod
	for _, d := range all[*appsv1.Deployment](m) {
		out = append(out, pod{"Deployment " + d.Name, d.Spec.Template.Labels, &d.Spec.Template.Spec})
	}
	for _, j := range all[*batchv1.Job](m) {
		out = append(out, pod{"Job " + j.Name, j.Spec.Template.Labels, &j.Spec.Template.Spec})
	}
	return out
}

func secretValue(s *corev1.Secret, key string) (string, bool) {
	if v, ok := s.StringData[key]; ok {
		return v, true
	}
	v, ok := s.Data[key]
	return string(v), ok
}

// environment resolves a container's environment from the ConfigMaps and
// Secrets in the manifests, failing on a reference to a missing one.
func environment(t *testing.T, m *manifests, p pod, c *corev1.Container) map[string]string {
	t.Helper()
	env := map[string]string{}
	cm := func(name string) *corev1.ConfigMap {
		for _, v := range all[*corev1.ConfigMap](m) {
			if v.Name == name {
				return v
			}
		}
		t.Errorf("%s: no ConfigMap %s", p.owner, name)
		return &corev1.ConfigMap{}
	}
	secret := func(name string) *corev1.Secret {
		for _, v := range all[*corev1.Secret](m) {
			if v.Name == name {
				return v
			}
		}
		t.Errorf("%s: no Secret %s", p.owner, name)
		return &corev1.Secret{}
	}
	for _, from := range c.EnvFrom {
		switch {
		case from.ConfigMapRef != nil:
			for k, v := range cm(from.ConfigMapRef.Name).Data {
				env[from.Prefix+k] = v
			}
		case from.SecretRef != nil:
			s := secret(from.SecretRef.Name)
			for k := range s.StringData {
				env[from.Prefix+k], _ = secretValue(s, k)
			}
		}
	}
	for _, e := range c.Env {
		switch {
		case e.ValueFrom == nil:
			env[e.Name] = e.Value
		case e.ValueFrom.ConfigMapKeyRef != nil:
			ref := e.ValueFrom.ConfigMapKeyRef
			v, ok := cm(ref.Name).Data[ref.Key]
			if !ok {
				t.Errorf("%s: %s refers to missing key %s of ConfigMap %s", p.owner, e.Name, ref.Key, ref.Name)
			}
			env[e.Name] = v
		case e.ValueFrom.SecretKeyRef != nil:
			ref := e.ValueFrom.SecretKeyRef
			v, ok := secretValue(secret(ref.Name), ref.Key)
			if !ok {
				t.Errorf("%s: %s refers to missing key %s of Secret %s", p.owner, e.Name, ref.Key, ref.Name)
			}
			env[e.Name] = v
		default:
			t.Errorf("%s: %s: only literal, ConfigMap and Secret values are expected", p.owner, e.Name)
		}
	}
	return env
}

// loadConfig runs the service's own configuration validation on env.
func loadConfig(t *testing.T, owner string, env map[string]string) *config.Config {
	t.Helper()
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatalf("%s: the service would refuse to start: %v", owner, err)
	}
	return cfg
}

func TestManifestsDecodeAndFitTogether(t *testing.T) {
	m := loadManifests(t)

	// kustomization.yaml lists every manifest but the documented exceptions.
	k := m.kustomization
	if k.APIVersion != "kustomize.config.k8s.io/v1beta1" || k.Kind != "Kustomization" || k.Namespace != namespace {
		t.Errorf("kustomization.yaml: %s %s namespace %q", k.APIVersion, k.Kind, k.Namespace)
	}
	for _, r := range k.Resources {
		if !slices.Contains(m.files, r) {
			t.Errorf("kustomization.yaml lists %s, which is not a manifest in deploy/k8s", r)
		}
	}
	for _, f := range m.files {
		left := slices.ContainsFunc(notInKustomization, func(p string) bool { return f == p || strings.HasPrefix(f, p) })
		if listed := slices.Contains(k.Resources, f); listed == left {
			t.Errorf("%s: listed in kustomization.yaml: %v; want %v", f, listed, !left)
		}
	}

	seen := map[string]string{}
	for _, o := range m.objects {
		id := o.kind + "/" + o.meta.GetName()
		if prev, dup := seen[id]; dup {
			t.Errorf("%s: %s is also defined in %s", o.file, id, prev)
		}
		seen[id] = o.file
		if o.kind != "Namespace" && o.meta.GetNamespace() != namespace {
			t.Errorf("%s: %s is in namespace %q, want %q", o.file, id, o.meta.GetNamespace(), namespace)
		}
	}
	if one[*corev1.Namespace](t, m, namespace).Labels["pod-security.kubernetes.io/enforce"] != "restricted" {
		t.Errorf("namespace %s does not enforce the restricted pod security standard", namespace)
	}

	// Secret templates hold placeholders only.
	for _, s := range all[*corev1.Secret](m) {
		if len(s.Data) > 0 {
			t.Errorf("Secret %s: use stringData with change-me placeholders in the template", s.Name)
		}
		for key, v := range s.StringData {
			if !strings.Contains(v, "change-me") {
				t.Errorf("Secret %s, key %s: a template value must be marked change-me", s.Name, key)
			}
		}
	}

	// Every pod: pinned images, limits, non-root, read-only, no privilege.
	for _, p := range pods(m) {
		s := p.spec
		psc := s.SecurityContext
		if psc == nil || psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot || psc.RunAsUser == nil || *psc.RunAsUser == 0 {
			t.Errorf("%s: pod securityContext must set runAsNonRoot and a non-zero runAsUser", p.owner)
		}
		if psc == nil || psc.SeccompProfile == nil || psc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
			t.Errorf("%s: seccompProfile RuntimeDefault is required by the restricted standard", p.owner)
		}
		if s.AutomountServiceAccountToken == nil || *s.AutomountServiceAccountToken {
			t.Errorf("%s: automountServiceAccountToken must be false (it talks to no API server)", p.owner)
		}
		volumes := map[string]corev1.Volume{}
		for _, v := range s.Volumes {
			volumes[v.Name] = v
		}
		for _, c := range s.Containers {
			name := p.owner + ", container " + c.Name
			if !pinned(c.Image) {
				t.Errorf("%s: image %s must be pinned by tag or digest", name, c.Image)
			}
			for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
				if c.Resources.Requests.Name(r, "").IsZero() || c.Resources.Limits.Name(r, "").IsZero() {
					t.Errorf("%s: %s request and limit are required", name, r)
				}
			}
			csc := c.SecurityContext
			if csc == nil || csc.ReadOnlyRootFilesystem == nil || !*csc.ReadOnlyRootFilesystem ||
				csc.AllowPrivilegeEscalation == nil || *csc.AllowPrivilegeEscalation ||
				csc.Capabilities == nil || !slices.Contains(csc.Capabilities.Drop, "ALL") {
				t.Errorf("%s: securityContext must set readOnlyRootFilesystem, allowPrivilegeEscalation false and drop ALL", name)
			}
			ports := map[string]bool{}
			for _, port := range c.Ports {
				ports[port.Name] = true
			}
			for _, probe := range []*corev1.Probe{c.ReadinessProbe, c.LivenessProbe, c.StartupProbe} {
				if probe == nil {
					continue
				}
				var port intstr.IntOrString
				switch {
				case probe.HTTPGet != nil:
					port = probe.HTTPGet.Port
				case probe.TCPSocket != nil:
					port = probe.TCPSocket.Port
				}
				if port.Type == intstr.String && !ports[port.StrVal] {
					t.Errorf("%s: a probe names port %q, which the container does not declare", name, port.StrVal)
				}
			}
			for _, vm := range c.VolumeMounts {
				v, ok := volumes[vm.Name]
				if !ok {
					t.Errorf("%s: mounts volume %s, which the pod does not define", name, vm.Name)
					continue
				}
				if v.Secret != nil {
					secret := one[*corev1.Secret](t, m, v.Secret.SecretName)
					for _, item := range v.Secret.Items {
						if _, ok := secretValue(secret, item.Key); !ok {
							t.Errorf("%s: volume %s wants key %s, which Secret %s lacks", name, v.Name, item.Key, secret.Name)
						}
					}
				}
				if v.ConfigMap != nil {
					one[*corev1.ConfigMap](t, m, v.ConfigMap.Name)
				}
			}
			environment(t, m, p, &c)
		}
	}

	// Long-running pods: two or more replicas, probes, a pause before SIGTERM.
	for _, d := range all[*appsv1.Deployment](m) {
		if d.Spec.Replicas == nil || *d.Spec.Replicas < 2 {
			t.Errorf("Deployment %s: at least 2 replicas", d.Name)
		}
		sel, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
		if err != nil || !sel.Matches(labels.Set(d.Spec.Template.Labels)) {
			t.Errorf("Deployment %s: selector does not match its pod labels", d.Name)
		}
		for _, c := range d.Spec.Template.Spec.Containers {
			if c.ReadinessProbe == nil || c.LivenessProbe == nil {
				t.Errorf("Deployment %s, container %s: readiness and liveness probes are required", d.Name, c.Name)
			}
			if c.Lifecycle == nil || c.Lifecycle.PreStop == nil || c.Lifecycle.PreStop.Sleep == nil {
				t.Errorf("Deployment %s, container %s: a preStop sleep lets the endpoint go before SIGTERM", d.Name, c.Name)
			}
		}
	}

	// Services, disruption budgets, autoscalers, network policies and
	// ingresses point at things that exist.
	podsMatching := func(sel map[string]string) []*corev1.Container {
		var out []*corev1.Container
		if len(sel) == 0 {
			return nil
		}
		for _, d := range all[*appsv1.Deployment](m) {
			if labels.SelectorFromSet(sel).Matches(labels.Set(d.Spec.Template.Labels)) {
				for i := range d.Spec.Template.Spec.Containers {
					out = append(out, &d.Spec.Template.Spec.Containers[i])
				}
			}
		}
		return out
	}
	hasPort := func(cs []*corev1.Container, port intstr.IntOrString) bool {
		for _, c := range cs {
			for _, p := range c.Ports {
				if (port.Type == intstr.String && p.Name == port.StrVal) || (port.Type == intstr.Int && p.ContainerPort == port.IntVal) {
					return true
				}
			}
		}
		return false
	}
	for _, s := range all[*corev1.Service](m) {
		cs := podsMatching(s.Spec.Selector)
		if len(cs) == 0 {
			t.Errorf("Service %s selects no Deployment's pods", s.Name)
		}
		for _, p := range s.Spec.Ports {
			if !hasPort(cs, p.TargetPort) {
				t.Errorf("Service %s: targetPort %s is no container port of its pods", s.Name, p.TargetPort.String())
			}
		}
	}
	for _, pdb := range all[*policyv1.PodDisruptionBudget](m) {
		if len(podsMatching(pdb.Spec.Selector.MatchLabels)) == 0 {
			t.Errorf("PodDisruptionBudget %s selects no Deployment's pods", pdb.Name)
		}
	}
	for _, np := range all[*networkingv1.NetworkPolicy](m) {
		cs := podsMatching(np.Spec.PodSelector.MatchLabels)
		if len(cs) == 0 {
			t.Errorf("NetworkPolicy %s selects no Deployment's pods", np.Name)
		}
		for _, rule := range np.Spec.Ingress {
			for _, p := range rule.Ports {
				if p.Port != nil && !hasPort(cs, *p.Port) {
					t.Errorf("NetworkPolicy %s: port %s is no container port of its pods", np.Name, p.Port.String())
				}
			}
		}
	}
	hpa := one[*autoscalingv2.HorizontalPodAutoscaler](t, m, "praksis")
	if hpa.Spec.ScaleTargetRef.Kind != "Deployment" || hpa.Spec.ScaleTargetRef.Name != "praksis" ||
		hpa.Spec.MinReplicas == nil || *hpa.Spec.MinReplicas < 2 || hpa.Spec.MaxReplicas < *hpa.Spec.MinReplicas {
		t.Errorf("HorizontalPodAutoscaler praksis: scales %s/%s from %v to %d", hpa.Spec.ScaleTargetRef.Kind,
			hpa.Spec.ScaleTargetRef.Name, hpa.Spec.MinReplicas, hpa.Spec.MaxReplicas)
	}
	if len(hpa.Spec.Metrics) == 0 || hpa.Spec.Metrics[0].Resource == nil || hpa.Spec.Metrics[0].Resource.Name != corev1.ResourceCPU {
		t.Errorf("HorizontalPodAutoscaler praksis: scale on CPU")
	}
	var hosts []string
	for _, ing := range all[*networkingv1.Ingress](m) {
		for _, rule := range ing.Spec.Rules {
			hosts = append(hosts, rule.Host)
			for _, p := range rule.HTTP.Paths {
				svc := one[*corev1.Service](t, m, p.Backend.Service.Name)
				if !slices.ContainsFunc(svc.Spec.Ports, func(sp corev1.ServicePort) bool {
					return sp.Name == p.Backend.Service.Port.Name || (sp.Port == p.Backend.Service.Port.Number && sp.Port != 0)
				}) {
					t.Errorf("Ingress %s: Service %s has no port %v", ing.Name, svc.Name, p.Backend.Service.Port)
				}
			}
			covered := slices.ContainsFunc(ing.Spec.TLS, func(tls networkingv1.IngressTLS) bool {
				return slices.Contains(tls.Hosts, rule.Host) && tls.SecretName != ""
			})
			if !covered {
				t.Errorf("Ingress %s: host %s has no TLS certificate", ing.Name, rule.Host)
			}
		}
	}
	if !slices.Contains(hosts, "*.praksis.example.no") || !slices.ContainsFunc(hosts, func(h string) bool { return !strings.HasPrefix(h, "*.") }) {
		t.Errorf("Ingress hosts %v: want the wildcard *.praksis.example.no and an example of a school's own domain", hosts)
	}
}

// TestServiceManifests checks the service's Deployment and the migration job
// against the service's own configuration rules and each other.
func TestServiceManifests(t *testing.T) {
	m := loadManifests(t)
	dep := one[*appsv1.Deployment](t, m, "praksis")
	job := one[*batchv1.Job](t, m, "praksis-migrate")
	bouncer := one[*corev1.Service](t, m, "praksis-pgbouncer")
	server := pod{"Deployment praksis", dep.Spec.Template.Labels, &dep.Spec.Template.Spec}
	migrate := pod{"Job praksis-migrate", job.Spec.Template.Labels, &job.Spec.Template.Spec}
	c := &dep.Spec.Template.Spec.Containers[0]
	jc := &job.Spec.Template.Spec.Containers[0]

	if !slices.Equal(c.Args, []string{"serve"}) || !slices.Equal(jc.Args, []string{"migrate"}) {
		t.Errorf("args: server %v, job %v; want serve and migrate", c.Args, jc.Args)
	}
	if jc.Image != c.Image {
		t.Errorf("the migration job runs %s, the server %s: they must be the same release", jc.Image, c.Image)
	}
	if img := m.kustomization.Images; len(img) != 1 || !strings.HasPrefix(c.Image, img[0].Name+":") {
		t.Errorf("kustomization.yaml images %v do not name the server's image %s", img, c.Image)
	}
	if job.Spec.Template.Spec.RestartPolicy != corev1.RestartPolicyNever || job.Annotations["helm.sh/hook"] != "pre-install,pre-upgrade" {
		t.Errorf("migration job: restartPolicy %s, hook %q", job.Spec.Template.Spec.RestartPolicy, job.Annotations["helm.sh/hook"])
	}
	if c.ReadinessProbe.HTTPGet == nil || c.ReadinessProbe.HTTPGet.Path != "/readyz" ||
		c.LivenessProbe.HTTPGet == nil || c.LivenessProbe.HTTPGet.Path != "/healthz" {
		t.Error("server: readiness must ask /readyz and liveness /healthz")
	}

	// The environment passes the service's own validation, as it would at
	// start. JWT_KEY_FILE must be a file of a mounted Secret; the test points
	// it at a real file, since the mount only exists in the cluster.
	env := environment(t, m, server, c)
	keyFile := env["JWT_KEY_FILE"]
	mounted := false
	for _, vm := range c.VolumeMounts {
		for _, v := range dep.Spec.Template.Spec.Volumes {
			if v.Name != vm.Name || v.Secret == nil {
				continue
			}
			for _, item := range v.Secret.Items {
				if path.Join(vm.MountPath, item.Path) == keyFile {
					mounted = true
				}
			}
		}
	}
	if !mounted {
		t.Errorf("JWT_KEY_FILE %q is not a file of a Secret the server mounts", keyFile)
	}
	env["JWT_KEY_FILE"] = filepath.Join(t.TempDir(), "jwt.pem")
	if err := os.WriteFile(env["JWT_KEY_FILE"], []byte("key"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := loadConfig(t, server.owner, env)
	if cfg.Env != config.Production || cfg.DevMockIDP || cfg.DevMailCatcher || cfg.PublicScheme != "https" ||
		cfg.SMTPURL == "" || cfg.FeideIssuer == "" || cfg.VippsIssuer == "" || len(cfg.TrustedProxies) == 0 {
		t.Errorf("server configuration is not a production one: %+v", cfg)
	}
	if _, port, _ := strings.Cut(cfg.HTTPAddr, ":"); !slices.ContainsFunc(c.Ports, func(p corev1.ContainerPort) bool {
		return strconv.Itoa(int(p.ContainerPort)) == port
	}) {
		t.Errorf("HTTP_ADDR %s is not a declared container port", cfg.HTTPAddr)
	}

	// Shutdown: the pod gets its preStop pause, then SHUTDOWN_GRACE for the
	// requests and SHUTDOWN_GRACE again for the job workers.
	preStop := time.Duration(c.Lifecycle.PreStop.Sleep.Seconds) * time.Second
	grace := time.Duration(*dep.Spec.Template.Spec.TerminationGracePeriodSeconds) * time.Second
	if need := preStop + 2*cfg.ShutdownGrace; grace < need {
		t.Errorf("terminationGracePeriodSeconds %s < preStop %s + 2 x SHUTDOWN_GRACE %s", grace, preStop, cfg.ShutdownGrace)
	}

	// The server goes through PgBouncer without named prepared statements;
	// the migration job goes straight to Postgres.
	pc, err := pgx.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		t.Fatalf("server DATABASE_URL: %v", err)
	}
	if pc.Host != bouncer.Name || pc.DefaultQueryExecMode != pgx.QueryExecModeExec {
		t.Errorf("server DATABASE_URL: host %s, mode %v; want %s with default_query_exec_mode=exec", pc.Host, pc.DefaultQueryExecMode, bouncer.Name)
	}
	jobCfg := loadConfig(t, migrate.owner, environment(t, m, migrate, jc))
	jpc, err := pgx.ParseConfig(jobCfg.DatabaseURL)
	if err != nil {
		t.Fatalf("job DATABASE_URL: %v", err)
	}
	if jpc.Host == bouncer.Name || strings.Contains(jpc.Host, "pgbouncer") {
		t.Errorf("the migration job connects to %s: migrations need a direct connection, not PgBouncer", jpc.Host)
	}

	// PgBouncer: transaction mode, and room for every replica's pool.
	ini := pgbouncerIni(t, one[*corev1.ConfigMap](t, m, "praksis-pgbouncer").Data["pgbouncer.ini"])
	if ini["pool_mode"] != "transaction" {
		t.Errorf("pgbouncer.ini: pool_mode %q, want transaction", ini["pool_mode"])
	}
	num := func(k string) int {
		n, err := strconv.Atoi(ini[k])
		if err != nil {
			t.Errorf("pgbouncer.ini: %s = %q", k, ini[k])
		}
		return n
	}
	if num("default_pool_size")+num("reserve_pool_size") > num("max_db_connections") {
		t.Error("pgbouncer.ini: default_pool_size + reserve_pool_size exceed max_db_connections")
	}
	hpa := one[*autoscalingv2.HorizontalPodAutoscaler](t, m, "praksis")
	if clients := int(hpa.Spec.MaxReplicas) * (cfg.DBMaxConns + tenants.SweepConns); num("max_client_conn") < clients {
		t.Errorf("pgbouncer.ini: max_client_conn %d < %d replicas x (DB_MAX_CONNS %d + %d for sweeps)", num("max_client_conn"), hpa.Spec.MaxReplicas, cfg.DBMaxConns, tenants.SweepConns)
	}
	if u, err := url.Parse(cfg.DatabaseURL); err == nil {
		if db := strings.TrimPrefix(u.Path, "/"); !strings.Contains(ini["[databases]"], db+" =") {
			t.Errorf("pgbouncer.ini: no [databases] entry for %s", db)
		}
	}
	pgb := one[*appsv1.Deployment](t, m, "praksis-pgbouncer")
	pgbc := pgb.Spec.Template.Spec.Containers[0]
	files := map[string]bool{}
	for _, vm := range pgbc.VolumeMounts {
		for _, v := range pgb.Spec.Template.Spec.Volumes {
			if v.Name != vm.Name {
				continue
			}
			switch {
			case v.ConfigMap != nil:
				for k := range one[*corev1.ConfigMap](t, m, v.ConfigMap.Name).Data {
					files[path.Join(vm.MountPath, k)] = true
				}
			case v.Secret != nil:
				for k := range one[*corev1.Secret](t, m, v.Secret.SecretName).StringData {
					files[path.Join(vm.MountPath, k)] = true
				}
			}
		}
	}
	if len(pgbc.Command) != 2 || !files[pgbc.Command[1]] || !files[ini["auth_file"]] {
		t.Errorf("PgBouncer runs %v with auth_file %s; mounted files: %v", pgbc.Command, ini["auth_file"], files)
	}
}

// pgbouncerIni reads the [pgbouncer] settings; "[databases]" holds that
// section's lines.
func pgbouncerIni(t *testing.T, text string) map[string]string {
	t.Helper()
	out := map[string]string{}
	section := ""
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, ";") || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			section = line
		case section == "[databases]":
			out[section] += line + "\n"
		case section == "[pgbouncer]":
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				t.Errorf("pgbouncer.ini: %q", line)
				continue
			}
			out[strings.TrimSpace(k)] = strings.TrimSpace(v)
		default:
			t.Errorf("pgbouncer.ini: %q outside a known section", line)
		}
	}
	if len(out) < 5 {
		t.Fatalf("pgbouncer.ini: only %d settings read", len(out))
	}
	return out
}

func TestPinnedImageReferences(t *testing.T) {
	for ref, want := range map[string]bool{
		"golang:1.26.8-bookworm": true, "gcr.io/distroless/static-debian12:nonroot": true,
		"registry.example.no:5000/praksis:1.0.0": true, "postgres@sha256:abc": true,
		"golang": false, "golang:latest": false, "registry.example.no:5000/praksis": false, "node:$VERSION": false,
	} {
		if got := pinned(ref); got != want {
			t.Errorf("pinned(%q) = %v, want %v", ref, got, want)
		}
	}
}

// TestCLIPod checks the pod overrides deploy/README.md gives `kubectl run`
// for the operators' commands: the restricted standard, and the direct
// database URL (tenant create migrates, which needs session state).
func TestCLIPod(t *testing.T) {
	m := loadManifests(t)
	data, err := os.ReadFile("cli-pod.json")
	if err != nil {
		t.Fatal(err)
	}
	var p corev1.Pod
	if err := yaml.UnmarshalStrict(data, &p); err != nil {
		t.Fatalf("cli-pod.json: %v", err)
	}
	if p.APIVersion != "v1" || len(p.Spec.Containers) != 1 || p.Spec.Containers[0].Name != "praksis-cli" {
		t.Fatalf("cli-pod.json: want apiVersion v1 and the one container praksis-cli (the pod name kubectl run is given)")
	}
	c := p.Spec.Containers[0]
	cli := pod{"cli-pod.json", nil, &p.Spec}
	env := environment(t, m, cli, &c)
	if env["DATABASE_URL"] != one[*corev1.Secret](t, m, "praksis-env").StringData["DATABASE_URL_DIRECT"] {
		t.Error("cli-pod.json: DATABASE_URL must be the direct URL (DATABASE_URL_DIRECT)")
	}
	loadConfig(t, cli.owner, env)
	psc, csc := p.Spec.SecurityContext, c.SecurityContext
	if psc == nil || psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot || psc.SeccompProfile == nil ||
		csc == nil || csc.AllowPrivilegeEscalation == nil || *csc.AllowPrivilegeEscalation ||
		csc.Capabilities == nil || !slices.Contains(csc.Capabilities.Drop, "ALL") {
		t.Error("cli-pod.json: the namespace enforces the restricted standard; the pod must meet it")
	}
}
