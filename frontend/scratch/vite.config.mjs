import react from '@vitejs/plugin-react';
export default { root: import.meta.dirname, plugins:[react()], build:{ outDir: import.meta.dirname+'/dist', emptyOutDir:true, rolldownOptions:{ input: import.meta.dirname+'/entry.jsx', preserveEntrySignatures:'strict', external:['react','react-dom','react/jsx-runtime'] } } };
